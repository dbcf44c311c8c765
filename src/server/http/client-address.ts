import { BlockList, isIP } from 'node:net';

/**
 * Who is really asking: the socket's peer, unless the operator has named that peer as a trusted
 * proxy (`TRUSTED_PROXIES`, comma-separated addresses or CIDR ranges). Only then is
 * `X-Forwarded-For` read, from the right, skipping the operator's own proxies: the first hop they
 * did not add is the client. A header the client wrote itself is never believed by default, or
 * rotating it would dodge every per-address limit. No relative imports: `server/site-server.ts`
 * loads this file directly.
 */
export type TrustedProxies = BlockList;

/** Strips the IPv4-mapped prefix, so 127.0.0.2 and ::ffff:127.0.0.2 are one client. */
export function normaliseAddress(address: string): string {
	const bare = address.trim().replace(/^\[|\]$/g, '');
	return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(bare) ? bare.slice(7) : bare;
}

function family(address: string): 'ipv4' | 'ipv6' | undefined {
	const kind = isIP(address);
	return kind === 4 ? 'ipv4' : kind === 6 ? 'ipv6' : undefined;
}

/** Parses `TRUSTED_PROXIES`; an entry that is not an address or range is a configuration error. */
export function parseTrustedProxies(spec: string | undefined): TrustedProxies {
	const list = new BlockList();
	for (const entry of (spec ?? '').split(',').map((part) => part.trim())) {
		if (!entry) continue;
		const [address = '', prefix] = entry.split('/');
		const type = family(normaliseAddress(address));
		const bits = prefix === undefined ? undefined : Number(prefix);
		if (!type || (bits !== undefined && !(Number.isInteger(bits) && bits >= 0)))
			throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
		if (bits === undefined) list.addAddress(normaliseAddress(address), type);
		else list.addSubnet(normaliseAddress(address), bits, type);
	}
	return list;
}

function isTrusted(address: string, trusted: TrustedProxies): boolean {
	const type = family(address);
	return type !== undefined && trusted.check(address, type);
}

/** Whether the socket peer is one of the operator's proxies, whose forwarded headers are believed. */
export function fromTrustedProxy(socketAddress: string | undefined, trusted: TrustedProxies) {
	return isTrusted(normaliseAddress(socketAddress ?? ''), trusted);
}

/** The client's address for limits and logs; `unknown` only when the socket has none. */
export function resolveClientAddress(
	socketAddress: string | undefined,
	forwardedFor: string | string[] | undefined,
	trusted: TrustedProxies,
): string {
	let client = normaliseAddress(socketAddress ?? '') || 'unknown';
	if (!isTrusted(client, trusted) || !forwardedFor) return client;
	const hops = [forwardedFor].flat().join(',').split(',').map(normaliseAddress);
	for (const hop of hops.reverse()) {
		// A hop that is not an address was written by someone we cannot vouch for: stop at the last good one.
		if (!family(hop)) break;
		client = hop;
		if (!isTrusted(hop, trusted)) break;
	}
	return client;
}
