import type { SubdomainProblem } from '../lib/subdomain';
import { normalizeSubdomain, subdomainShapeProblem } from '../lib/subdomain-shape';

/** What the configurator shows beside the label: nothing yet, checking, free, or why not. */
export type SubdomainCheck =
	| { state: 'idle' }
	| { state: 'checking'; label: string }
	| { state: 'available'; label: string; name: string }
	| { state: 'refused'; label: string; code: SubdomainProblem | 'unreachable'; message?: string };

/**
 * The shape first (no request for what cannot be a label), then the site's answer: free, reserved
 * or taken, in the visitor's language. The reserved names and their look-alikes are the site's to
 * judge, so the storefront's pages stay small (subdomain-shape.ts). The order is checked again at
 * checkout; this only saves a wasted trip.
 */
export async function checkSubdomain(
	raw: string,
	locale: string,
	fetcher: typeof fetch = fetch,
): Promise<SubdomainCheck> {
	const label = normalizeSubdomain(raw);
	const problem = subdomainShapeProblem(label);
	if (problem) return { state: 'refused', label, code: problem };
	try {
		const response = await fetcher('/api/subdomains/check', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ subdomain: label, locale }),
		});
		if (response.ok) {
			const { name } = (await response.json()) as { name: string };
			return { state: 'available', label, name };
		}
		const answer = (await response.json().catch(() => ({}))) as {
			error?: { code?: string; message?: string };
		};
		const code = answer.error?.code;
		return {
			state: 'refused',
			label,
			code:
				code === 'subdomain_taken' || code === 'subdomain_invalid' || code === 'subdomain_reserved'
					? code
					: 'unreachable',
			message: answer.error?.message,
		};
	} catch {
		return { state: 'refused', label, code: 'unreachable' };
	}
}
