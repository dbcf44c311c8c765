import { isIP } from 'node:net';
import { isUuid } from '../../../lib/uuid';
import type { AdminClient } from '../../supabase/admin-client';

/**
 * The customer search's matchers (search.ts runs them): one term, matched against what staff are
 * told by a customer or see elsewhere. Each kind of match is its own parameterised query (an `eq`
 * or `ilike` filter whose value supabase-js sends as one query parameter, or an RPC argument),
 * never a filter string put together from the term, so `,` `(` `)` `.` in it are only characters:
 *
 * - `id`: a customer id, or the id of one of their services, orders, invoices or tickets;
 * - `invoice`: an invoice number, exactly (stored upper case, `INV-2026-000123`);
 * - `address`: a game server's address (`services.panel_address`, `host:port`, or every server on
 *   a host when the term names no port) or a VPS's address (`vps_addresses.address`);
 * - `email`: part of the e-mail address (auth.users, through `staff_customers_by_email`);
 * - `name`: part of the first or last name, or `first last`.
 *
 * Wildcards in the term are literal: `%`, `_` and `\` are escaped, and PostgREST's own `*` (its
 * alias for `%`) makes the term unusable as a pattern, so those matches are skipped for it.
 */

export const matchKinds = ['id', 'invoice', 'address', 'email', 'name'] as const;
export type MatchKind = (typeof matchKinds)[number];

/**
 * `text` as an ilike pattern that matches it literally (`%`, `_`, `\` escaped, Postgres' default
 * escape character), or null when it holds `*`, which PostgREST turns into `%` whatever precedes it.
 */
export function likeLiteral(text: string): string | null {
	if (text.includes('*')) return null;
	return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The address part of a term: `[v6]:port`, `v4:port` or a bare address, as an IP, if it is one. */
function ipOf(term: string): string | null {
	if (isIP(term)) return term;
	const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(term)?.[1];
	if (bracketed && isIP(bracketed) === 6) return bracketed;
	const v4 = /^([\d.]+):\d{1,5}$/.exec(term)?.[1];
	return v4 && isIP(v4) === 4 ? v4 : null;
}

/** Whether the term could be a host, an IP address or host:port (no spaces, a dot or a colon). */
const looksLikeAddress = (term: string) => /^[\w.:[\]-]+$/.test(term) && /[.:]/.test(term);

export type Found = { userId: string; kind: MatchKind };
type Rows<T> = PromiseLike<{ data: T[] | null; error: { message: string } | null }>;

export async function rows<T>(what: string, query: Rows<T>): Promise<T[]> {
	const { data, error } = await query;
	if (error) throw new Error(`customer search (${what}): ${error.message}`);
	return data ?? [];
}

const owners = (kind: MatchKind) => (list: { user_id: string }[]) =>
	list.map((row): Found => ({ userId: row.user_id, kind }));
const accounts = (kind: MatchKind) => (list: { id: string }[]) =>
	list.map((row): Found => ({ userId: row.id, kind }));

/** Every query the term calls for, each answering the customers it found (at most `limit`). */
export function lookups(admin: AdminClient, term: string, limit: number): Promise<Found[]>[] {
	if (isUuid(term)) {
		const id = term.toLowerCase();
		return [
			rows('profile', admin.from('profiles').select('id').eq('id', id).limit(1)).then(
				accounts('id'),
			),
			...(['services', 'orders', 'invoices', 'tickets'] as const).map((table) =>
				rows(table, admin.from(table).select('user_id').eq('id', id).limit(1)).then(owners('id')),
			),
		];
	}
	const found: Promise<Found[]>[] = [];
	if (!/\s/.test(term))
		for (const number of new Set([term, term.toUpperCase()]))
			found.push(
				rows(
					'invoice',
					admin.from('invoices').select('user_id').eq('number', number).limit(1),
				).then(owners('invoice')),
			);
	const literal = likeLiteral(term);
	if (looksLikeAddress(term) && literal !== null)
		// The address as written (any case), or every port of the host it names.
		for (const pattern of [literal, `${literal}:%`])
			found.push(
				rows(
					'server address',
					admin.from('services').select('user_id').ilike('panel_address', pattern).limit(limit),
				).then(owners('address')),
			);
	const ip = ipOf(term);
	if (ip)
		found.push(
			rows(
				'VPS address',
				admin
					.from('vps_addresses')
					.select('service_id')
					.eq('address', ip)
					.not('service_id', 'is', null)
					.limit(1),
			).then(async (held) => {
				const services = held.flatMap((row) => (row.service_id ? [row.service_id] : []));
				if (services.length === 0) return [];
				return owners('address')(
					await rows('VPS', admin.from('services').select('user_id').in('id', services)),
				);
			}),
		);
	found.push(
		rows('e-mail', admin.rpc('staff_customers_by_email', { term, max_rows: limit })).then(
			accounts('email'),
		),
	);
	if (literal !== null) {
		const byName = (column: 'first_name' | 'last_name') =>
			rows('name', admin.from('profiles').select('id').ilike(column, `%${literal}%`).limit(limit));
		found.push(byName('first_name').then(accounts('name')));
		found.push(byName('last_name').then(accounts('name')));
		const space = term.indexOf(' ');
		if (space > 0)
			found.push(
				rows(
					'full name',
					admin
						.from('profiles')
						.select('id')
						.ilike('first_name', `%${likeLiteral(term.slice(0, space))}%`)
						.ilike('last_name', `%${likeLiteral(term.slice(space + 1))}%`)
						.limit(limit),
				).then(accounts('name')),
			);
	}
	return found;
}
