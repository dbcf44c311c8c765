import { z } from 'zod';

/**
 * The rules of a customer's subdomain label (`label.<zone>`), in one place for the configurator,
 * checkout, the panel and the DNS port: a DNS label of lowercase letters, digits and hyphens,
 * 3–32 characters, not starting or ending with a hyphen, no `xn--`-style double hyphen at 3–4
 * (punycode lookalikes), and none of the names the site and its mail and name servers use.
 * Uniqueness is the database's (`services_live_subdomain`); this is everything that can be
 * checked without it. Pure: safe in the browser.
 */
/** Where a subdomain's DNS records stand; `services.subdomain_dns` allows the same (or null). */
export const subdomainDnsStates = ['pending', 'published', 'failed', 'removed'] as const;
export type SubdomainDnsState = (typeof subdomainDnsStates)[number];
// Pure: browser code that needs only the list or the type leaves zod out of its bundle.
export const subdomainDnsStateSchema = /* @__PURE__ */ z.enum(subdomainDnsStates);

export const subdomainMin = 3;
export const subdomainMax = 32;

/** Names kept for the business, its infrastructure and look-alikes of them. */
export const reservedSubdomains: ReadonlySet<string> = new Set([
	'www',
	'mail',
	'smtp',
	'imap',
	'pop',
	'mx',
	'panel',
	'api',
	'admin',
	'administrator',
	'root',
	'ns',
	'ns1',
	'ns2',
	'ns3',
	'ns4',
	'dns',
	'ftp',
	'sftp',
	'ssh',
	'vpn',
	'status',
	'support',
	'help',
	'billing',
	'pay',
	'payments',
	'shop',
	'store',
	'login',
	'auth',
	'account',
	'accounts',
	'secure',
	'cdn',
	'static',
	'assets',
	'dev',
	'staging',
	'test',
	'localhost',
	'play',
	'frostnode',
	'official',
	'staff',
	'security',
	'abuse',
	'postmaster',
	'hostmaster',
	'webmaster',
	'autodiscover',
	'autoconfig',
	'wpad',
	'_dmarc',
]);

export type SubdomainProblem =
	'subdomain_required' | 'subdomain_invalid' | 'subdomain_reserved' | 'subdomain_taken';

const shape = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** What a typed label becomes before it is checked: trimmed and lowercased (DNS ignores case). */
export function normalizeSubdomain(raw: string): string {
	return raw.trim().toLowerCase();
}

/** The first rule a (normalized) label breaks, or null when only uniqueness is left to check. */
export function subdomainProblem(label: string | null | undefined): SubdomainProblem | null {
	if (!label) return 'subdomain_required';
	if (
		label.length < subdomainMin ||
		label.length > subdomainMax ||
		!shape.test(label) ||
		label.slice(2, 4) === '--'
	)
		return 'subdomain_invalid';
	if (reservedSubdomains.has(label)) return 'subdomain_reserved';
	return null;
}

/** The label as the checkout body and the panel's form take it: normalized, then the rules above. */
export const subdomainSchema = z
	.string()
	.max(100)
	.transform(normalizeSubdomain)
	.superRefine((label, context) => {
		const problem = subdomainProblem(label);
		if (problem) context.addIssue({ code: 'custom', message: problem });
	});

/** The address players type: `label.zone:port`. */
export function subdomainAddress(label: string, zone: string, port: number | null): string {
	return port ? `${label}.${zone}:${port}` : `${label}.${zone}`;
}
