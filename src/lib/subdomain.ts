import { z } from 'zod';
import { site } from './site';
import {
	normalizeSubdomain,
	subdomainMax,
	subdomainMin,
	subdomainShapeProblem,
} from './subdomain-shape';

export { normalizeSubdomain, subdomainMax, subdomainMin };

/**
 * The rules of a customer's subdomain label (`label.<zone>`), in one place for the configurator,
 * checkout, the panel and the DNS port: a DNS label of lowercase letters, digits and hyphens,
 * 3–32 characters, not starting or ending with a hyphen, no `xn--`-style double hyphen at 3–4
 * (punycode lookalikes), not holding the brand's name and not one of the names the site and its
 * mail and name servers use, however either is spelled (isReservedSubdomain).
 * Uniqueness is the database's (`services_live_subdomain`); this is everything that can be
 * checked without it. Pure: safe in the browser.
 */
/** Where a subdomain's DNS records stand; `services.subdomain_dns` allows the same (or null). */
export const subdomainDnsStates = ['pending', 'published', 'failed', 'removed'] as const;
export type SubdomainDnsState = (typeof subdomainDnsStates)[number];
// Pure: browser code that needs only the list or the type leaves zod out of its bundle.
export const subdomainDnsStateSchema = /* @__PURE__ */ z.enum(subdomainDnsStates);

/**
 * The names of the site, its mail and name servers, its staff and its payments: refused alone and
 * dressed up (isReservedSubdomain). Only what subdomainShapeProblem allows can be a label, so nothing here needs
 * an underscore or a dot.
 */
export const infrastructureNames: readonly string[] = [
	...['www', 'mail', 'webmail', 'smtp', 'imap', 'pop', 'mx', 'ns', 'dns', 'ftp', 'sftp', 'ssh'],
	...['vpn', 'cdn', 'static', 'assets', 'api', 'panel', 'portal', 'dashboard', 'console'],
	...['cpanel', 'admin', 'administrator', 'root', 'staff', 'status', 'support', 'help'],
	...['billing', 'invoice', 'pay', 'payment', 'shop', 'store', 'login', 'signin', 'auth'],
	...['account', 'secure', 'security', 'abuse', 'postmaster', 'hostmaster', 'webmaster'],
	...['autodiscover', 'autoconfig', 'wpad', 'dev', 'staging', 'test', 'localhost', 'official'],
	...['play', 'pve', 'proxmox'],
];

/** Words that dress an infrastructure name up without making it another one (my-panel). */
const dressing = [
	...['my', 'the', 'get', 'go', 'new', 'web', 'app', 'online', 'team', 'desk', 'center'],
	...['centre', 'service', 'info', 'verify', 'update', 'hq', 'access', 'id', 'site', 'page'],
];

/** The brand's names (src/lib/site.ts): a label holding one, however it is spelled, is refused. */
export const brandNames: readonly string[] = [site.name.toLowerCase()];

// Look-alikes: a letter may be written as the digit that looks like it, w as vv, m as rn, d as cl,
// and any letter doubled; hyphens are ignored. A label is read against the names with these
// allowances (not turned into one spelling: 1 stands for both i and l).
const digitFor: Record<string, string> = {
	o: '0',
	i: '1',
	l: '1',
	e: '3',
	a: '4',
	s: '5',
	t: '7',
	b: '8',
	g: '9',
};
const pairFor: Record<string, string> = { w: 'vv', m: 'rn', d: 'cl' };

/** Where one or more of `letter`, or its look-alikes, starting at `at` in `text` can end. */
function letterEnds(text: string, at: number, letter: string): Set<number> {
	const ends = new Set<number>();
	const next = [at];
	for (let from = next.pop(); from !== undefined; from = next.pop()) {
		const char = text[from];
		const steps = [
			char !== undefined && (char === letter || char === digitFor[letter]) ? from + 1 : -1,
			pairFor[letter] && text.startsWith(pairFor[letter], from) ? from + 2 : -1,
		];
		for (const end of steps)
			if (end > 0 && !ends.has(end)) {
				ends.add(end);
				next.push(end);
			}
	}
	return ends;
}

/** Where a look-alike of `word` starting at `at` in `text` can end (none: it does not start there). */
function wordEnds(text: string, at: number, word: string): Set<number> {
	let ends = new Set([at]);
	for (const letter of word.replace(/(.)\1+/g, '$1')) {
		const next = new Set<number>();
		for (const from of ends) for (const end of letterEnds(text, from, letter)) next.add(end);
		ends = next;
	}
	return ends;
}

/**
 * Whether `text` is made of infrastructure names and dressing words only, each maybe plural or
 * numbered (www1, ns01, my-panel, secure-login, supp0rt-team), at least one of them a name.
 */
function isDressedInfrastructure(text: string): boolean {
	// reached[position] holds false (only dressing so far) and/or true (a name seen).
	const reached = Array.from({ length: text.length + 1 }, () => new Set<boolean>());
	reached[0]!.add(false);
	for (let at = 0; at < text.length; at++)
		for (const named of reached[at]!) {
			if (/\d/.test(text[at]!)) reached[at + 1]!.add(named);
			for (const [words, isName] of [
				[infrastructureNames, true],
				[dressing, false],
			] as const)
				for (const word of words)
					for (const end of wordEnds(text, at, word)) {
						reached[end]!.add(named || isName);
						for (const plural of letterEnds(text, end, 's')) reached[plural]!.add(named || isName);
					}
		}
	return reached[text.length]!.has(true);
}

/** Whether a (valid) label is, holds or dresses up a name kept for the business. */
export function isReservedSubdomain(label: string): boolean {
	const text = label.replaceAll('-', '');
	for (let at = 0; at < text.length; at++)
		if (brandNames.some((brand) => wordEnds(text, at, brand).size > 0)) return true;
	return isDressedInfrastructure(text);
}

export type SubdomainProblem =
	'subdomain_required' | 'subdomain_invalid' | 'subdomain_reserved' | 'subdomain_taken';

/** The first rule a (normalized) label breaks, or null when only uniqueness is left to check. */
export function subdomainProblem(label: string | null | undefined): SubdomainProblem | null {
	const shapeProblem = subdomainShapeProblem(label);
	if (shapeProblem || !label) return shapeProblem;
	return isReservedSubdomain(label) ? 'subdomain_reserved' : null;
}

/** The label as the checkout body and the panel's form take it: normalized, then the rules above. */
export const subdomainSchema = /* @__PURE__ */ z
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
