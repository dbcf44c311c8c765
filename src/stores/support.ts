import { atom } from 'nanostores';
import type { NewTicket, TicketList, TicketThread } from '../lib/panel/support';
import { panelResource, postJson } from './panel-fetch';

// Support in the panel: the ticket list (with the servers the new-ticket form offers) and one
// ticket's thread, each one read; writes answer in the customer's language and the thread is
// read again after each, so what shows is always what the server holds.

const list = panelResource<TicketList>();
const thread = panelResource<TicketThread>();
export const $tickets = list.$data;
export const $thread = thread.$data;

/** Which write is under way ('create', 'reply', 'close', 'reopen'), so buttons wait for it. */
export const $supportBusy = atom<string | null>(null);
/** The outcome of the last write on the thread page: a translated message. */
export const $supportNotice = atom<{ kind: 'success' | 'error'; text: string } | null>(null);

const query = (locale: string) => `?locale=${encodeURIComponent(locale)}`;
const threadUrl = (id: string, locale: string) =>
	`/api/panel/tickets/${encodeURIComponent(id)}${query(locale)}`;

export const loadTickets = (locale: string, fallback: string, fetcher?: typeof fetch) =>
	list.load(`/api/panel/tickets${query(locale)}`, fallback, fetcher);

export const loadThread = (id: string, locale: string, fallback: string, fetcher?: typeof fetch) =>
	thread.load(threadUrl(id, locale), fallback, fetcher);

/** Opens a ticket; its id, or the server's message (the form keeps what was typed). */
export async function createTicket(
	ticket: NewTicket,
	locale: string,
	fallback: string,
	fetcher?: typeof fetch,
): Promise<{ id: string } | { error: string }> {
	if ($supportBusy.get()) return { error: '' };
	$supportBusy.set('create');
	const answer = await postJson<{ id: string }>(
		'/api/tickets',
		{ ...ticket, locale },
		fallback,
		fetcher,
	);
	$supportBusy.set(null);
	return answer.ok ? { id: answer.data.id } : { error: answer.message };
}

/** A write on the thread page, then the thread read again; true when the server took it. */
async function act(
	kind: 'reply' | 'close' | 'reopen',
	id: string,
	body: Record<string, string>,
	messages: { success: string; fallback: string },
	fetcher?: typeof fetch,
): Promise<boolean> {
	if ($supportBusy.get()) return false;
	$supportBusy.set(kind);
	const url = `/api/tickets/${encodeURIComponent(id)}/${kind}`;
	const answer = await postJson(url, body, messages.fallback, fetcher);
	$supportNotice.set(
		answer.ok
			? { kind: 'success', text: messages.success }
			: { kind: 'error', text: answer.message },
	);
	if (answer.ok) await thread.load(threadUrl(id, body.locale ?? 'en'), messages.fallback, fetcher);
	$supportBusy.set(null);
	return answer.ok;
}

type Messages = { success: string; fallback: string };

export const replyToTicket = (
	id: string,
	message: string,
	locale: string,
	messages: Messages,
	fetcher?: typeof fetch,
) => act('reply', id, { message, locale }, messages, fetcher);

export const closeTicket = (
	id: string,
	locale: string,
	messages: Messages,
	fetcher?: typeof fetch,
) => act('close', id, { locale }, messages, fetcher);

export const reopenTicket = (
	id: string,
	locale: string,
	messages: Messages,
	fetcher?: typeof fetch,
) => act('reopen', id, { locale }, messages, fetcher);
