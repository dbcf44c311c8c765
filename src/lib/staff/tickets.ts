import { isLocale, locales } from '../../i18n/locales';
import {
	isDepartment,
	type Department,
	type TicketMessage,
	type TicketStatus,
} from '../panel/support';
import type { ServiceRef } from '../panel/types';

// The staff console's tickets (issue 32): what the inbox and a ticket's page show, and the inbox's
// filters as its URL carries them. The departments and statuses are the support pages' closed
// sets (src/lib/panel/support.ts); nothing here adds to them.

/** The inbox holds the tickets not closed: open ones wait for us, answered ones for the customer. */
export const inboxStatuses = ['open', 'answered'] as const satisfies readonly TicketStatus[];
export type InboxStatus = (typeof inboxStatuses)[number];

export const inboxPageSize = 50;
/** The longest search the inbox takes (an address is at most 320 characters). */
export const inboxSearchMax = 320;

export interface InboxFilter {
	/** Which of the inbox's statuses to show: one, or both. */
	statuses: InboxStatus[];
	department: Department | null;
	/** Part of the subject or of the customer's address; empty for all. */
	search: string;
	/** Only the tickets the member of staff asking has taken. */
	mine: boolean;
	/** 1-based. */
	page: number;
}

/**
 * The inbox's filters from its query (`?status=open&department=billing&q=…&mine=1&page=2`).
 * Nothing is trusted: an unknown status or department means all, a page that is not a positive
 * whole number the first.
 */
export function inboxFilter(query: URLSearchParams): InboxFilter {
	const status = query.get('status');
	const department = query.get('department');
	const page = Number(query.get('page') ?? '1');
	return {
		statuses: status === 'open' || status === 'answered' ? [status] : [...inboxStatuses],
		department: isDepartment(department) ? department : null,
		search: (query.get('q') ?? '').trim().slice(0, inboxSearchMax),
		mine: query.get('mine') === '1',
		page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
	};
}

/** The query that gives `filter` back (empty values left out), for links and the pager. */
export function inboxQuery(filter: InboxFilter, page = filter.page): string {
	const query = new URLSearchParams();
	if (filter.statuses.length === 1) query.set('status', filter.statuses[0]!);
	if (filter.department) query.set('department', filter.department);
	if (filter.search) query.set('q', filter.search);
	if (filter.mine) query.set('mine', '1');
	if (page > 1) query.set('page', String(page));
	const text = query.toString();
	return text ? `?${text}` : '';
}

/** One ticket in the inbox. */
export interface InboxRow {
	id: string;
	subject: string;
	department: Department;
	status: InboxStatus;
	createdAt: string;
	/**
	 * Since when it waits: an open ticket from the customer's first message since our last one, an
	 * answered one from our first message since the customer's last (else its last message's
	 * time, else the ticket's own).
	 */
	waitingSince: string;
	/** The last message, cut to 280 characters; null when the ticket has none. */
	lastMessage: { author: TicketMessage['author']; body: string } | null;
	customer: { id: string; email: string; name: string; services: number };
	/** The server the ticket is about, if any. */
	service: ServiceRef | null;
	assignee: { id: string; email: string } | null;
}

export interface InboxPage {
	rows: InboxRow[];
	/** All the tickets the filter matches, for the pager. */
	total: number;
}

/** A server of the ticket's customer, as the ticket's page lists them. */
export interface CustomerService extends ServiceRef {
	status: string;
}

/** One ticket as staff see it: every message, the customer and their servers, its assignee. */
export interface StaffTicketView {
	id: string;
	subject: string;
	department: Department;
	status: TicketStatus;
	createdAt: string;
	/** The server the ticket is about, if any (one of `services`). */
	serviceId: string | null;
	customer: {
		id: string;
		email: string;
		name: string;
		company: string;
		country: string | null;
		/** The language the customer is mailed in. */
		locale: string;
		since: string;
	};
	services: CustomerService[];
	assignee: { id: string; email: string; at: string } | null;
	messages: TicketMessage[];
}

/**
 * What the ticket's page says after a write succeeded (`?done=…`, set by the page's forms
 * (src/components/staff/StaffWrite.astro): `repliedUnmailed` is a reply whose mail failed).
 */
export const ticketNotices = [
	'replied',
	'repliedUnmailed',
	'department',
	'status',
	'assigned',
] as const;
export type TicketNotice = (typeof ticketNotices)[number];

export const isTicketNotice = (value: unknown): value is TicketNotice =>
	ticketNotices.includes(value as TicketNotice);

/** The customer's language (a locale code) named in the reader's (`intl`): "Norwegian Bokmål". */
export function languageName(code: string, intl: string): string {
	const lang = isLocale(code) ? locales[code].lang : code;
	try {
		return new Intl.DisplayNames([intl], { type: 'language' }).of(lang) ?? code;
	} catch {
		return code;
	}
}
