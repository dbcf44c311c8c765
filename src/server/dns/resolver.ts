import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { DnsUnavailableError, DnsValidationError } from './errors';
import type { DnsPort } from './types';
import { resolverAddresses } from './resolver-addresses.ts';

// Forward confirmation for reverse DNS: before a PTR names a host, that host must resolve to the
// address (A for IPv4, AAAA for IPv6), or mail servers and others that check both ways distrust it.
// In production the answer comes from real resolvers (DNS_RESOLVERS, else the system's); with the
// embedded DNS nothing is on the network, so it answers from the embedded records, plus a map a
// test gives for names outside the embedded zones.

export interface ResolverPort {
	/** The addresses a host name resolves to in one family; [] when it does not resolve. */
	addresses(name: string, family: 4 | 6): Promise<string[]>;
}

const absent = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'NXDOMAIN', 'ENOTIMP', 'EREFUSED']);

/** Real resolvers: `servers` (IPs) or the system's. A lookup that times out is unavailable. */
export function createNetworkResolver(servers: readonly string[] = []): ResolverPort {
	const resolver = new Resolver({ timeout: 3000, tries: 2 });
	if (servers.length) resolver.setServers([...servers]);
	return {
		async addresses(name, family) {
			try {
				return family === 4 ? await resolver.resolve4(name) : await resolver.resolve6(name);
			} catch (error) {
				const code = (error as { code?: unknown }).code;
				if (typeof code === 'string' && absent.has(code)) return [];
				throw new DnsUnavailableError(`resolving ${name}: ${String(code ?? error)}`, {
					cause: error,
				});
			}
		},
	};
}

/** The embedded DNS's own records, then `extra` (name → addresses), for development and tests. */
export function createEmbeddedResolver(
	dns: DnsPort,
	extra: ReadonlyMap<string, readonly string[]> = new Map(),
): ResolverPort {
	return {
		async addresses(name, family) {
			const lower = name.toLowerCase().replace(/\.$/, '');
			let found: string[] = [];
			try {
				found = await dns.lookup(lower, family === 4 ? 'A' : 'AAAA');
			} catch (error) {
				if (!(error instanceof DnsValidationError)) throw error; // outside its zones: not there
			}
			const more = (extra.get(lower) ?? []).filter((ip) => isIP(ip) === family);
			return [...found, ...more];
		},
	};
}

/** The resolver matching the DNS in use: the network's with PowerDNS, else the embedded one's. */
export function resolverFor(dns: DnsPort, env: Record<string, string | undefined>): ResolverPort {
	if (dns.kind === 'embedded') return createEmbeddedResolver(dns);
	return createNetworkResolver(resolverAddresses(env).servers);
}
