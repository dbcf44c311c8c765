import { isIPv4, isIPv6 } from 'node:net';

// A range of pool addresses as `npm run vps:addresses -- --add` takes it, checked before anything
// is written: both ends and the gateway of one family and on one subnet, the gateway outside the
// range, an IPv4 subnet's network and broadcast addresses never handed out. Addresses are whole
// numbers here (BigInt, 128 bits for IPv6), written back as the database prints them.

/** The most addresses one --add writes: a /20 of IPv4, and IPv6 ranges kept to what is used. */
export const MAX_RANGE = 4096;

/** As vps_addresses.node allows: a Proxmox node name. */
const nodeName = /^[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;

export interface RangeInput {
	node: string;
	from: string;
	to: string;
	prefix: string;
	gateway: string;
}

export interface PoolRange {
	node: string;
	family: 4 | 6;
	prefix: number;
	gateway: string;
	addresses: string[];
}

type Family = 4 | 6;
const bits = (family: Family) => (family === 4 ? 32 : 128);

/** 4 or 6 for an address written plainly, else null. */
export function familyOf(ip: string): Family | null {
	if (isIPv4(ip)) return 4;
	// Plain hexadecimal groups only: no embedded IPv4, no zone (%eth0).
	if (isIPv6(ip) && !/[.%]/.test(ip)) return 6;
	return null;
}

function toNumber(ip: string, family: Family): bigint {
	if (family === 4) return ip.split('.').reduce((n, part) => (n << 8n) | BigInt(part), 0n);
	const [head = '', tail] = ip.split('::');
	const left = head ? head.split(':') : [];
	const right = tail ? tail.split(':') : [];
	const groups =
		tail === undefined
			? left
			: [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
	return groups.reduce((n, group) => (n << 16n) | BigInt(`0x${group}`), 0n);
}

/** IPv4 dotted; IPv6 as RFC 5952 (and PostgreSQL) writes it: the longest zero run as `::`. */
export function toText(n: bigint, family: Family): string {
	if (family === 4) return [24n, 16n, 8n, 0n].map((shift) => String((n >> shift) & 255n)).join('.');
	const groups = [112n, 96n, 80n, 64n, 48n, 32n, 16n, 0n].map((shift) => (n >> shift) & 0xffffn);
	let best = { at: -1, length: 1 };
	for (let i = 0; i < 8;) {
		let j = i;
		while (j < 8 && groups[j] === 0n) j++;
		if (j - i > best.length) best = { at: i, length: j - i };
		i = j === i ? i + 1 : j;
	}
	const hex = groups.map((g) => g.toString(16));
	if (best.at < 0) return hex.join(':');
	const left = hex.slice(0, best.at).join(':');
	const right = hex.slice(best.at + best.length).join(':');
	return `${left}::${right}`;
}

/** The range's addresses, or the first problem with it as a message naming the option. */
export function parseRange(input: RangeInput): PoolRange | string {
	const { node, from, to, gateway } = input;
	if (!nodeName.test(node))
		return `--add: "${node}" is not a Proxmox node name (letters, digits and inner hyphens)`;
	const family = familyOf(from);
	if (!family) return `--from: "${from}" is not an IP address`;
	const toFamily = familyOf(to);
	if (!toFamily) return `--to: "${to}" is not an IP address`;
	if (toFamily !== family) return `--to: not the same family as --from (IPv${family})`;
	const gatewayFamily = familyOf(gateway);
	if (!gatewayFamily) return `--gateway: "${gateway}" is not an IP address`;
	if (gatewayFamily !== family) return `--gateway: not the same family as --from (IPv${family})`;
	const prefix = Number(input.prefix);
	if (!/^\d+$/.test(input.prefix) || prefix < 8 || prefix > bits(family))
		return `--prefix: a whole number from 8 to ${bits(family)} for IPv${family}, not "${input.prefix}"`;
	const [first, last, gw] = [from, to, gateway].map((ip) => toNumber(ip, family)) as [
		bigint,
		bigint,
		bigint,
	];
	if (last < first) return `--to: comes before --from`;
	const count = last - first + 1n;
	if (count > BigInt(MAX_RANGE))
		return `--to: ${count} addresses at once; at most ${MAX_RANGE} (add a larger pool in parts)`;
	const hostBits = BigInt(bits(family) - prefix);
	const network = (first >> hostBits) << hostBits;
	const subnet = `${toText(network, family)}/${prefix}`;
	if (last >> hostBits !== first >> hostBits) return `--to: ${to} is not on ${subnet}`;
	if (gw >> hostBits !== first >> hostBits) return `--gateway: ${gateway} is not on ${subnet}`;
	if (family === 4 && prefix <= 30) {
		const broadcast = network + (1n << hostBits) - 1n;
		if (first === network) return `--from: ${from} is the network address of ${subnet}`;
		if (last === broadcast) return `--to: ${to} is the broadcast address of ${subnet}`;
	}
	if (gw >= first && gw <= last) return `--gateway: ${gateway} is inside the range`;
	const addresses: string[] = [];
	for (let n = first; n <= last; n++) addresses.push(toText(n, family));
	return { node, family, prefix, gateway: toText(gw, family), addresses };
}
