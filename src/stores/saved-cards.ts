import { atom } from 'nanostores';
import type { SavedCards } from '../lib/panel/types';
import { panelResource, postJson } from './panel-fetch';

// The customer's saved cards: list, add one at the gateway, make one the default, remove one.
// Every change is the server's (it checks ownership and the renewal rule); the list is read again.

const cards = panelResource<SavedCards>();
export const $savedCards = cards.$data;

/** The outcome of the last action, shown above the list: a translated message. */
export const $cardNotice = atom<{ kind: 'success' | 'error'; text: string } | null>(null);
export const $cardBusy = atom<string | null>(null);

let failure = '';

export function loadSavedCards(fallback: string, fetcher?: typeof fetch): Promise<void> {
	failure = fallback;
	return cards.load('/api/payment-methods', fallback, fetcher);
}

async function act(
	busyKey: string,
	url: string,
	locale: string,
	success: string,
	fetcher?: typeof fetch,
): Promise<void> {
	if ($cardBusy.get()) return;
	$cardBusy.set(busyKey);
	const answer = await postJson(url, { locale }, failure, fetcher);
	$cardNotice.set(
		answer.ok ? { kind: 'success', text: success } : { kind: 'error', text: answer.message },
	);
	if (answer.ok) await cards.load('/api/payment-methods', failure, fetcher);
	$cardBusy.set(null);
}

export const makeDefault = (id: string, locale: string, success: string, fetcher?: typeof fetch) =>
	act(id, `/api/payment-methods/${id}/default`, locale, success, fetcher);

export const removeCard = (id: string, locale: string, success: string, fetcher?: typeof fetch) =>
	act(id, `/api/payment-methods/${id}/remove`, locale, success, fetcher);

/** Sends the customer to the gateway's page for saving a card; back on the list afterwards. */
export async function addCard(locale: string, fetcher?: typeof fetch): Promise<void> {
	if ($cardBusy.get()) return;
	$cardBusy.set('add');
	const answer = await postJson<{ setupUrl: string }>(
		'/api/payment-methods/setup',
		{ locale },
		failure,
		fetcher,
	);
	if (answer.ok) {
		window.location.assign(answer.data.setupUrl);
		return;
	}
	$cardNotice.set({ kind: 'error', text: answer.message });
	$cardBusy.set(null);
}
