import { atom } from 'nanostores';
import { readServerView, writeServerView, type ServerView } from '../lib/panel/server-view';
import type { ProductType } from '../lib/domain/product';
import type { ServerPage } from '../lib/panel/types';
import { panelResource } from './panel-fetch';

// A server list (game servers, or VPS): its paging in the URL (a reload keeps it), one request
// per page.

const servers = panelResource<ServerPage>();
export const $serverPage = servers.$data;
export const $serverView = atom<ServerView>(readServerView(new URLSearchParams()));

let failure = '';
/** Game servers and VPS are lists of their own, each on its page. */
let kind: ProductType = 'game';

export function showServers(view: ServerView, history: 'push' | 'none' = 'push') {
	$serverView.set(view);
	const query = writeServerView(view);
	if (history === 'push') window.history.pushState(null, '', `${window.location.pathname}${query}`);
	const params = `kind=${kind}${query ? `&${query.slice(1)}` : ''}`;
	return servers.load(`/api/panel/servers?${params}`, failure);
}

/** Starts at the URL's page and follows back and forward. */
export function startServerList(fallback: string, of: ProductType = 'game'): () => void {
	failure = fallback;
	kind = of;
	const fromUrl = () =>
		void showServers(readServerView(new URLSearchParams(window.location.search)), 'none');
	fromUrl();
	window.addEventListener('popstate', fromUrl);
	return () => window.removeEventListener('popstate', fromUrl);
}
