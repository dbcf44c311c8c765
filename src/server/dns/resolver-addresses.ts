import { isIP } from 'node:net';

/**
 * DNS_RESOLVERS read once: the IP addresses, and what is not one (the start-up check names
 * those, so a host name there is refused instead of silently leaving the system's resolvers).
 */
export function resolverAddresses(env: Record<string, string | undefined>) {
	const entries = (env.DNS_RESOLVERS ?? '')
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean);
	return {
		servers: entries.filter((s) => isIP(s) !== 0),
		invalid: entries.filter((s) => isIP(s) === 0),
	};
}
