import { isIP } from 'node:net';
import { DnsValidationError } from './errors.ts';
import type { RecordChange, RecordSet } from './types.ts';

// The checks both implementations share, so the embedded default refuses what PowerDNS refuses:
// names outside the zone, malformed names and contents, CNAME beside other data, several CNAMEs.

const label = /^(?:_?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?|_[a-z0-9-]{1,62})$/;

/** A lowercase host name without the trailing dot, or a validation error. */
export function checkName(name: string, what = 'name'): string {
	const lower = name.toLowerCase().replace(/\.$/, '');
	if (lower.length === 0 || lower.length > 253 || !lower.split('.').every((l) => label.test(l)))
		throw new DnsValidationError(`${what} "${name}" is not a valid DNS name`, { status: 422 });
	return lower;
}

/** The zone of `zones` a name belongs to (the longest suffix), or a validation error. */
export function zoneOf(name: string, zones: readonly string[]): string {
	const found = zones
		.filter((zone) => name === zone || name.endsWith(`.${zone}`))
		.sort((a, b) => b.length - a.length)[0];
	if (!found) throw new DnsValidationError(`Name "${name}" is out of zone`, { status: 422 });
	return found;
}

/** Checks one record's content for its type; returns it normalized (lowercase names, no dot). */
export function checkContent(set: RecordSet, content: string): string {
	const bad = () =>
		new DnsValidationError(`Record ${set.name} ${set.type} "${content}": not in expected format`, {
			status: 422,
		});
	switch (set.type) {
		case 'A':
			if (isIP(content) !== 4) throw bad();
			return content;
		case 'AAAA':
			if (isIP(content) !== 6) throw bad();
			return content.toLowerCase();
		case 'CNAME':
		case 'PTR':
			try {
				return checkName(content, `${set.type} target`);
			} catch {
				throw bad();
			}
		case 'SRV': {
			const parts = content.trim().split(/\s+/);
			const numbers = parts.slice(0, 3).map(Number);
			if (parts.length !== 4 || !numbers.every((n) => Number.isInteger(n) && n >= 0 && n <= 65_535))
				throw bad();
			let target;
			try {
				target = checkName(parts[3]!, 'SRV target');
			} catch {
				throw bad();
			}
			return `${numbers.join(' ')} ${target}`;
		}
	}
}

/** A change checked and normalized, with the one zone all its names are in. */
export function checkChange(
	change: RecordChange,
	zones: readonly string[],
	defaultTtl: number,
): { zone: string; replace: Required<RecordSet>[]; remove: RecordChange['remove'] & {} } {
	const replace = (change.replace ?? []).map((set) => {
		const name = checkName(set.name);
		const ttl = set.ttl ?? defaultTtl;
		if (!Number.isInteger(ttl) || ttl < 1 || ttl > 2_147_483_647)
			throw new DnsValidationError(`TTL ${ttl} of ${name} is out of range`, { status: 422 });
		if (set.contents.length === 0)
			throw new DnsValidationError(`${name} ${set.type}: no records (use remove)`, { status: 422 });
		if (set.type === 'CNAME' && set.contents.length > 1)
			throw new DnsValidationError(`RRset ${name} IN CNAME has more than one record`, {
				status: 422,
			});
		const normalized = { ...set, name, ttl };
		return {
			...normalized,
			contents: [...new Set(set.contents.map((c) => checkContent(normalized, c)))],
		};
	});
	const remove = (change.remove ?? []).map((key) => ({ ...key, name: checkName(key.name) }));
	const names = [...replace, ...remove].map((entry) => entry.name);
	if (names.length === 0) throw new DnsValidationError('An empty change', { status: 422 });
	const found = new Set(names.map((name) => zoneOf(name, zones)));
	if (found.size > 1)
		throw new DnsValidationError('A change must stay inside one zone', { status: 422 });
	return { zone: [...found][0]!, replace, remove };
}

/** Every name of a zone that holds a CNAME beside other data: what PowerDNS refuses. */
export function cnameConflicts(types: Map<string, Set<string>>): string[] {
	return [...types].filter(([, set]) => set.has('CNAME') && set.size > 1).map(([name]) => name);
}
