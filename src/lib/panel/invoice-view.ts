/**
 * What the invoice list shows: search, status filter, sorting and paging, as it is written in the
 * page's URL (so a view can be shared and survives a reload) and read back by the server. Anything
 * unknown in the URL falls back to the default instead of failing.
 */

import { invoiceStatuses, type InvoiceStatus } from '../domain/invoice-status';

export const pageSizes = [5, 10, 20, 'all'] as const;
export type PageSize = (typeof pageSizes)[number];

export const invoiceSorts = ['issued', 'due', 'number', 'total', 'status'] as const;
export type InvoiceSort = (typeof invoiceSorts)[number];

export interface InvoiceView {
	q: string;
	status: InvoiceStatus | 'all';
	sort: InvoiceSort;
	dir: 'asc' | 'desc';
	per: PageSize;
	/** 1-based. */
	page: number;
}

export const defaultInvoiceView: InvoiceView = {
	q: '',
	status: 'all',
	sort: 'issued',
	dir: 'desc',
	per: 10,
	page: 1,
};

const maxQueryLength = 60;
const oneOf = <T extends string | number>(list: readonly T[], value: unknown, fallback: T): T =>
	list.find((item) => String(item) === value) ?? fallback;

export function readInvoiceView(params: URLSearchParams): InvoiceView {
	const page = Number(params.get('page'));
	return {
		q: (params.get('q') ?? '').trim().slice(0, maxQueryLength),
		status: oneOf(['all', ...invoiceStatuses], params.get('status'), 'all'),
		sort: oneOf(invoiceSorts, params.get('sort'), defaultInvoiceView.sort),
		dir: params.get('dir') === 'asc' ? 'asc' : 'desc',
		per: oneOf(pageSizes, params.get('per'), defaultInvoiceView.per),
		page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
	};
}

/** The URL query of a view, leaving out what is the default so shared links stay short. */
export function writeInvoiceView(view: InvoiceView): URLSearchParams {
	const params = new URLSearchParams();
	for (const key of Object.keys(defaultInvoiceView) as (keyof InvoiceView)[])
		if (view[key] !== defaultInvoiceView[key]) params.set(key, String(view[key]));
	return params;
}

/** The search as the database matches it: lower case, decimal commas as points, no wildcards. */
export function searchTerm(q: string): string {
	return q
		.toLowerCase()
		.replace(/(\d),(\d)/g, '$1.$2')
		.replace(/[%_*\\(),"]/g, ' ')
		.replace(/\s+/g, ' ')
		.trim();
}

/** How many pages a list of `total` rows has at `per` rows a page (at least one). */
export function pageCount(total: number, per: PageSize): number {
	return per === 'all' ? 1 : Math.max(1, Math.ceil(total / per));
}
