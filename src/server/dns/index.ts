import { readDnsConfig } from './config';
import { createEmbeddedDns } from './embedded';
import { DnsConfigError } from './errors';
import { createPowerDns } from './powerdns';
import type { DnsPort } from './types';
import { pickAdapter, type Env } from '../config/pick-adapter';

export type * from './types';
export * from './errors';

// The one place that chooses the DNS: PowerDNS when DNS_PROVIDER=powerdns (or POWERDNS_API_URL is
// set), else the embedded default. A broken PowerDNS configuration never falls back to the
// embedded DNS (a customer would be shown a name nobody can resolve): every call rejects with a
// DnsConfigError naming what to fix, which delivery records as a failed publication.

const SETTINGS = [
	'DNS_PROVIDER',
	'DNS_ZONE',
	'DNS_REVERSE_ZONES',
	'DNS_TTL',
	'DNS_EMBEDDED_FILE',
	'POWERDNS_API_URL',
	'POWERDNS_API_KEY',
	'POWERDNS_SERVER_ID',
] as const;

function unconfigured(reason: DnsConfigError, env: Env): DnsPort {
	const reject = () => Promise.reject(new DnsConfigError(reason.message));
	return {
		kind:
			(env.DNS_PROVIDER?.trim() || (env.POWERDNS_API_URL?.trim() ? 'powerdns' : 'embedded')) ===
			'powerdns'
				? 'powerdns'
				: 'embedded',
		zone: env.DNS_ZONE?.trim().toLowerCase() ?? '',
		reverseZones: [],
		change: reject,
		lookup: reject,
		probe: reject,
	};
}

function createDns(env: Env): DnsPort {
	try {
		const config = readDnsConfig(env);
		return config.kind === 'powerdns' ? createPowerDns(config) : createEmbeddedDns(config);
	} catch (error) {
		if (error instanceof DnsConfigError) return unconfigured(error, env);
		throw error;
	}
}

/** The DNS for the current environment. */
export const getDns = pickAdapter(SETTINGS, createDns);
