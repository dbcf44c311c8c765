import { atom } from 'nanostores';
import { readInvoiceView, writeInvoiceView, type InvoiceView } from '../lib/panel/invoice-view';
import type { InvoicePage, InvoiceRow } from '../lib/panel/types';
import { panelResource } from './panel-fetch';

// The invoice list: the view (search, filter, sort, page) lives in the URL, so a view can be
// shared and survives a reload; the rows come from the server one page at a time.

export const $invoiceView = atom<InvoiceView>(readInvoiceView(new URLSearchParams()));
const invoices = panelResource<InvoicePage & { page: number }>();
export const $invoicePage = invoices.$data;

/** Invoices ticked for paying together, kept while the customer pages or searches. */
export const $selected = atom<Record<string, InvoiceRow>>({});

let fallbackMessage = '';

/** Shows `view`: the URL first (a new history entry unless `replace`), then its rows. */
export function showInvoices(
	view: InvoiceView,
	options: { history?: 'push' | 'replace' | 'none'; fetcher?: typeof fetch } = {},
): Promise<void> {
	$invoiceView.set(view);
	const query = writeInvoiceView(view).toString();
	const history = options.history ?? 'push';
	if (history !== 'none' && typeof window !== 'undefined') {
		const url = `${window.location.pathname}${query ? `?${query}` : ''}`;
		if (history === 'push') window.history.pushState(null, '', url);
		else window.history.replaceState(null, '', url);
	}
	return invoices.load(
		`/api/panel/invoices${query ? `?${query}` : ''}`,
		fallbackMessage,
		options.fetcher,
	);
}

/** A change to the view; anything but the page number starts again at page 1. */
export function changeView(change: Partial<InvoiceView>, history: 'push' | 'replace' = 'push') {
	const page = change.page ?? 1;
	return showInvoices({ ...$invoiceView.get(), ...change, page }, { history });
}

/** Starts the list at the URL's view and follows the browser's back and forward buttons. */
export function startInvoiceList(failure: string): () => void {
	fallbackMessage = failure;
	const fromUrl = () =>
		void showInvoices(readInvoiceView(new URLSearchParams(window.location.search)), {
			history: 'none',
		});
	fromUrl();
	window.addEventListener('popstate', fromUrl);
	return () => window.removeEventListener('popstate', fromUrl);
}

export function toggleSelected(row: InvoiceRow): void {
	const { [row.id]: was, ...rest } = $selected.get();
	$selected.set(was ? rest : { ...rest, [row.id]: row });
}

export function clearSelected(): void {
	$selected.set({});
}
