import type { AdminClient } from '../../supabase/admin-client';
import { likeLiteral, lookups, matchKinds, rows, type MatchKind } from './matchers';

/**
 * The staff console's customer search: the term as searched, every matcher it calls for
 * (matchers.ts: by id, invoice number, server address, e-mail, name) run at once, and the
 * customers found, ranked by how they were found.
 */

/** The longest term searched; anything longer is cut (an e-mail address fits). */
export const maxTermLength = 120;
/** The most customers one search lists. */
export const maxResults = 50;

export { likeLiteral, matchKinds, type MatchKind };

export interface CustomerHit {
	id: string;
	firstName: string;
	lastName: string;
	email: string;
	country: string | null;
	company: string;
	createdAt: string;
	/** How the term found this customer, in the order of `matchKinds`. */
	matched: MatchKind[];
}

/** The term as searched: trimmed, inner runs of white space made one space, cut to length. */
export function searchTerm(raw: unknown): string {
	if (typeof raw !== 'string') return '';
	return raw.trim().replace(/\s+/g, ' ').slice(0, maxTermLength).trim();
}

/**
 * The customers the term finds, at most `maxResults`: ordered by how they were found (an id
 * first, a name last), then by name. An empty term finds no one.
 */
export async function searchCustomers(admin: AdminClient, raw: unknown): Promise<CustomerHit[]> {
	const term = searchTerm(raw);
	if (!term) return [];
	const found = (await Promise.all(lookups(admin, term, maxResults))).flat();
	const kinds = new Map<string, Set<MatchKind>>();
	for (const { userId, kind } of found) {
		if (!kinds.has(userId)) kinds.set(userId, new Set());
		kinds.get(userId)!.add(kind);
	}
	const rank = (id: string) => Math.min(...[...kinds.get(id)!].map((k) => matchKinds.indexOf(k)));
	const ids = [...kinds.keys()].sort((a, b) => rank(a) - rank(b)).slice(0, maxResults);
	if (ids.length === 0) return [];
	const [profiles, emails] = await Promise.all([
		rows(
			'profiles',
			admin
				.from('profiles')
				.select('id, first_name, last_name, country, company, created_at')
				.in('id', ids),
		),
		rows('e-mails', admin.rpc('staff_customer_emails', { ids })),
	]);
	const emailOf = new Map(emails.map((row) => [row.id, row.email]));
	const hits = profiles.map((p): CustomerHit => ({
		id: p.id,
		firstName: p.first_name,
		lastName: p.last_name,
		email: emailOf.get(p.id) ?? '',
		country: p.country,
		company: p.company,
		createdAt: p.created_at,
		matched: matchKinds.filter((kind) => kinds.get(p.id)!.has(kind)),
	}));
	const byName = (h: CustomerHit) => `${h.lastName} ${h.firstName} ${h.email}`.toLowerCase();
	return hits.sort((a, b) => rank(a.id) - rank(b.id) || byName(a).localeCompare(byName(b)));
}
