import { isIPv4, isIPv6 } from 'node:net';
import { header } from './types.ts';
import type { ApiRequest } from './types.ts';

// Supabase's "IP address forwarding". A server that calls Auth on its visitors' behalf (sign-in through
// the site) would otherwise put every visitor behind its own address in the per-address rate limits.
// The hosted gateway passes Sb-Forwarded-For on only with the project's secret API key; GoTrue (its
// sbff package) then takes the leftmost value, if it is an IP address, as the client address. An
// invalid value is ignored, not refused.

export const SB_FORWARDED_FOR = 'sb-forwarded-for';

const MAPPED_IPV4 = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/** GoTrue's parseSBFFHeader: leftmost comma-separated value, trimmed, as net.ParseIP formats it. */
export function parseForwardedFor(value: string | undefined): string | undefined {
	if (!value) return undefined;
	const leftmost = (value.split(',', 1)[0] ?? '').trim();
	// Node's isIPv4 refuses leading zeros as Go's ParseIP does; Go refuses IPv6 zones, Node does not.
	if (isIPv4(leftmost)) return leftmost;
	if (!isIPv6(leftmost) || leftmost.includes('%')) return undefined;
	const canonical = new URL(`http://[${leftmost}]/`).hostname.slice(1, -1);
	// Go prints an IPv4-mapped address as plain IPv4.
	const mapped = MAPPED_IPV4.exec(canonical);
	if (!mapped) return canonical;
	const [high, low] = [parseInt(mapped[1] ?? '0', 16), parseInt(mapped[2] ?? '0', 16)];
	return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The client address Auth should see: the forwarded one when the caller may name it, else the socket's. */
export function clientAddress(request: ApiRequest, forwardingAllowed: boolean): string {
	if (!forwardingAllowed) return request.ip;
	return parseForwardedFor(header(request, SB_FORWARDED_FOR)) ?? request.ip;
}
