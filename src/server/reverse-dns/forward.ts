import { reverseName } from '../dns/records';
import type { ResolverPort } from '../dns/resolver';

// Forward confirmation: a PTR name is accepted only when the name itself resolves to the address
// (A for IPv4, AAAA for IPv6). Addresses compare by their reverse name, so `2001:db8::1` and
// `2001:0db8:0:0::1` are the same address.

export type ForwardCheck =
	| { ok: true }
	| { ok: false; reason: 'not_resolving' }
	| { ok: false; reason: 'resolves_elsewhere'; found: string[] };

const same = (a: string, b: string) => {
	try {
		return reverseName(a) === reverseName(b);
	} catch {
		return false;
	}
};

export async function confirmForward(
	resolver: ResolverPort,
	name: string,
	address: string,
): Promise<ForwardCheck> {
	const family = address.includes(':') ? 6 : 4;
	const found = await resolver.addresses(name, family);
	if (found.length === 0) return { ok: false, reason: 'not_resolving' };
	return found.some((ip) => same(ip, address))
		? { ok: true }
		: { ok: false, reason: 'resolves_elsewhere', found };
}
