import { atom } from 'nanostores';
import { readServerView, writeServerView, type ServerView } from '../lib/panel/server-view';
import type { ServerPage } from '../lib/panel/types';
import { panelResource } from './panel-fetch';

// The server list: its paging in the URL (a reload keeps it), one request per page.

const servers = panelResource<ServerPage>();
export const $serverPage = servers.$data;
export const $serverView = atom<ServerView>(readServerView(new URLSearchParams()));

let failure = '';

export function showServers(view: ServerView, history: 'push' | 'none' = 'push') {
	$serverView.set(view);
	const query = writeServerView(view);
	if (history === 'push') window.history.pushState(null, '', `${window.location.pathname}${query}`);
	return servers.load(`/api/panel/servers${query}`, failure);
}

/** Starts at the URL's page and follows back and forward. */
export function startServerList(fallback: string): () => void {
	failure = fallback;
	const fromUrl = () =>
		void showServers(readServerView(new URLSearchParams(window.location.search)), 'none');
	fromUrl();
	window.addEventListener('popstate', fromUrl);
	return () => window.removeEventListener('popstate', fromUrl);
}
