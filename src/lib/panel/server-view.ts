import { pageSizes, type PageSize } from './invoice-view';

/** The server list's paging as written in its URL (`?per=5&page=2`); defaults for anything else. */
export interface ServerView {
	per: PageSize;
	page: number;
}

export function readServerView(params: URLSearchParams): ServerView {
	const per = pageSizes.find((size) => String(size) === params.get('per')) ?? 10;
	const page = Number(params.get('page'));
	return { per, page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1 };
}

export function writeServerView(view: ServerView): string {
	const params = new URLSearchParams();
	if (view.per !== 10) params.set('per', String(view.per));
	if (view.page !== 1) params.set('page', String(view.page));
	const query = params.toString();
	return query ? `?${query}` : '';
}
