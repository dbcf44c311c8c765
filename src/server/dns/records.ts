import { isIP } from 'node:net';
import type { RecordChange, RecordKey, RecordType } from './types';

// What a customer's subdomain is in DNS. The name `label.<zone>` points at the server's address:
// an A record for an IPv4 address, AAAA for IPv6, a CNAME when the panel gives a host name; a
// VPS's name holds both an A and an AAAA record, for the two addresses of its machine. For
// Minecraft, whose clients look up `_minecraft._tcp.<name>` before connecting, an SRV record
// carries the port too, so players can type the name alone. An SRV target must not be an alias
// (RFC 2782): with a CNAME it names the panel's host itself.

const addressTypes: RecordType[] = ['A', 'AAAA', 'CNAME'];

export interface Target {
	host: string;
	port: number;
}

/** The host and port of an `ip:port`, `[ipv6]:port` or `host:port` address, or null. */
export function parseAddress(address: string | null | undefined): Target | null {
	const match = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(address?.trim() ?? '');
	if (!match) return null;
	const port = Number(match[2]);
	return port > 0 && port < 65_536 ? { host: match[1]!.toLowerCase(), port } : null;
}

export const subdomainName = (label: string, zone: string) => `${label}.${zone}`;
export const srvName = (label: string, zone: string) => `_minecraft._tcp.${label}.${zone}`;

/** Every record a label may have, for removing it. */
export function subdomainKeys(label: string, zone: string): RecordKey[] {
	const name = subdomainName(label, zone);
	return [
		...addressTypes.map((type) => ({ name, type })),
		{ name: srvName(label, zone), type: 'SRV' as const },
	];
}

/** One change that makes `label.<zone>` (and its SRV for Minecraft) point at the target. */
export function subdomainChange(
	label: string,
	zone: string,
	target: Target,
	game: string | null,
): RecordChange {
	const name = subdomainName(label, zone);
	const version = isIP(target.host);
	const type: RecordType = version === 4 ? 'A' : version === 6 ? 'AAAA' : 'CNAME';
	const srvTarget = type === 'CNAME' ? target.host : name;
	return {
		remove: [
			...addressTypes.filter((other) => other !== type).map((other) => ({ name, type: other })),
			...(game === 'minecraft' ? [] : [{ name: srvName(label, zone), type: 'SRV' as const }]),
		],
		replace: [
			{ name, type, contents: [target.host] },
			...(game === 'minecraft'
				? [
						{
							name: srvName(label, zone),
							type: 'SRV' as const,
							contents: [`0 5 ${target.port} ${srvTarget}`],
						},
					]
				: []),
		],
	};
}

/**
 * One change that makes `label.<zone>` a VPS's name: an A record for its IPv4 address and an AAAA
 * record for its IPv6 one (none when it has none). No SRV: a machine is reached by its address.
 */
export function machineSubdomainChange(
	label: string,
	zone: string,
	addresses: { ipv4: string; ipv6: string | null },
): RecordChange {
	const name = subdomainName(label, zone);
	return {
		remove: [
			{ name, type: 'CNAME' },
			{ name: srvName(label, zone), type: 'SRV' },
			...(addresses.ipv6 ? [] : [{ name, type: 'AAAA' as const }]),
		],
		replace: [
			{ name, type: 'A', contents: [addresses.ipv4] },
			...(addresses.ipv6 ? [{ name, type: 'AAAA' as const, contents: [addresses.ipv6] }] : []),
		],
	};
}

/** The PTR name of an IP address: `10.2.0.192.in-addr.arpa`, or the nibbles of an IPv6 one. */
export function reverseName(ip: string): string {
	if (isIP(ip) === 4) return `${ip.split('.').reverse().join('.')}.in-addr.arpa`;
	if (isIP(ip) !== 6) throw new Error(`${ip} is not an IP address`);
	const [head = '', tail = ''] = ip.split('::');
	const groups = (part: string) => (part ? part.split(':') : []);
	const missing = 8 - groups(head).length - groups(tail).length;
	const full = [...groups(head), ...Array<string>(missing).fill('0'), ...groups(tail)];
	const nibbles = full.map((group) => group.padStart(4, '0')).join('');
	return `${[...nibbles].reverse().join('.')}.ip6.arpa`;
}

/** Reverse DNS for an address (a VPS's): its PTR names `host`, or none when `host` is null. */
export function reverseChange(ip: string, host: string | null): RecordChange {
	const name = reverseName(ip);
	return host
		? { replace: [{ name, type: 'PTR', contents: [host] }] }
		: { remove: [{ name, type: 'PTR' }] };
}
