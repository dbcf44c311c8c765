/**
 * The shape of a subdomain label, the part of its rules (subdomain.ts) the browser checks as it
 * is typed: a DNS label of lowercase letters, digits and hyphens, 3–32 characters, not starting or
 * ending with a hyphen, no `xn--`-style double hyphen at 3–4 (punycode look-alikes). Whether a
 * label is reserved, however it is spelled, is the site's answer (subdomainProblem, on the server
 * and in the panel), so the storefront's pages do not ship the look-alike matcher.
 */
export const subdomainMin = 3;
export const subdomainMax = 32;

const shape = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** What a typed label becomes before it is checked: trimmed and lowercased (DNS ignores case). */
export function normalizeSubdomain(raw: string): string {
	return raw.trim().toLowerCase();
}

/** Why a (normalized) label cannot be one at all, or null when its shape is right. */
export function subdomainShapeProblem(
	label: string | null | undefined,
): 'subdomain_required' | 'subdomain_invalid' | null {
	if (!label) return 'subdomain_required';
	if (
		label.length < subdomainMin ||
		label.length > subdomainMax ||
		!shape.test(label) ||
		label.slice(2, 4) === '--'
	)
		return 'subdomain_invalid';
	return null;
}
