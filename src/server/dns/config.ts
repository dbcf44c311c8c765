import { z } from 'zod';
import { DnsConfigError } from './errors.ts';
import { checkName } from './names.ts';
import { errorText } from '../log/error-text.ts';

// The DNS settings, checked once and all together, so an operator sees every missing or wrong
// variable in one message. The key is never echoed.

/** The embedded default's zone: the site's own domain, as the simulated panel's addresses are. */
export const defaultZone = 'play.frostnode.example';
/** The embedded default's reverse zones: those of the local stack's seed pool (203.0.113.0/24,
 * 2001:db8:f05::/64), so a VPS there can be given reverse DNS without any setting. */
export const defaultReverseZones = [
	'113.0.203.in-addr.arpa',
	'0.0.0.0.5.0.f.0.8.b.d.0.1.0.0.2.ip6.arpa',
];

interface Common {
	zone: string;
	reverseZones: string[];
	/** Seconds the records live in resolvers' caches. */
	ttl: number;
}

export interface PowerDnsConfig extends Common {
	kind: 'powerdns';
	url: string;
	apiKey: string;
	serverId: string;
}

export interface EmbeddedDnsConfig extends Common {
	kind: 'embedded';
	/** Where the records are kept between restarts; in memory only when absent. */
	file?: string;
}

export type DnsConfig = PowerDnsConfig | EmbeddedDnsConfig;

type Env = Record<string, string | undefined>;

/** The DNS settings from the environment; throws DnsConfigError listing every problem. */
export function readDnsConfig(env: Env): DnsConfig {
	const problems: string[] = [];
	const url = env.POWERDNS_API_URL?.trim().replace(/\/+$/, '') ?? '';
	const provider = env.DNS_PROVIDER?.trim() || (url ? 'powerdns' : 'embedded');
	if (provider !== 'powerdns' && provider !== 'embedded')
		problems.push(`DNS_PROVIDER must be powerdns or embedded, not "${provider}"`);
	const zoneRaw = env.DNS_ZONE?.trim() || (provider === 'powerdns' ? '' : defaultZone);
	let zone = '';
	if (!zoneRaw) problems.push('DNS_ZONE is required with DNS_PROVIDER=powerdns');
	else
		try {
			zone = checkName(zoneRaw, 'DNS_ZONE');
		} catch (error) {
			problems.push(errorText(error));
		}
	const reverseZones: string[] = [];
	for (const raw of (env.DNS_REVERSE_ZONES ?? '')
		.split(',')
		.map((z) => z.trim())
		.filter(Boolean))
		try {
			const name = checkName(raw, 'DNS_REVERSE_ZONES');
			if (!/\.(in-addr|ip6)\.arpa$/.test(name))
				problems.push(`DNS_REVERSE_ZONES: ${name} is not an in-addr.arpa or ip6.arpa zone`);
			reverseZones.push(name);
		} catch (error) {
			problems.push(errorText(error));
		}
	const ttlRaw = env.DNS_TTL?.trim() || '300';
	const ttl = z.coerce.number().int().min(30).max(86_400).safeParse(ttlRaw);
	if (!ttl.success)
		problems.push(`DNS_TTL must be whole seconds from 30 to 86400, not "${ttlRaw}"`);
	const common = { zone, reverseZones, ttl: ttl.success ? ttl.data : 300 };
	if (provider === 'powerdns') {
		if (!url) problems.push('POWERDNS_API_URL is required with DNS_PROVIDER=powerdns');
		else if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
			problems.push('POWERDNS_API_URL must be an http(s) URL');
		else if (
			new URL(url).protocol === 'http:' &&
			!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname)
		)
			problems.push('POWERDNS_API_URL must use https:// except on loopback');
		const apiKey = env.POWERDNS_API_KEY?.trim() ?? '';
		if (!apiKey) problems.push('POWERDNS_API_KEY is required with DNS_PROVIDER=powerdns');
		const serverId = env.POWERDNS_SERVER_ID?.trim() || 'localhost';
		if (problems.length) throw new DnsConfigError(problems.join('; '));
		return { kind: 'powerdns', url, apiKey, serverId, ...common };
	}
	if (problems.length) throw new DnsConfigError(problems.join('; '));
	const file = env.DNS_EMBEDDED_FILE?.trim();
	if (!env.DNS_REVERSE_ZONES?.trim()) common.reverseZones = defaultReverseZones;
	return { kind: 'embedded', ...common, ...(file ? { file } : {}) };
}
