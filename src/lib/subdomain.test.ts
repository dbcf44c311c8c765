import { describe, expect, it } from 'vitest';
import { normalizeSubdomain, subdomainProblem, subdomainSchema } from './subdomain';

describe('subdomain labels', () => {
	it('takes lowercase letters, digits and inner hyphens, 3 to 32 characters', () => {
		for (const label of ['abc', 'ingrids-mc', 'a1b2', 'x'.repeat(32), 'my-cool-server-2'])
			expect(subdomainProblem(label)).toBeNull();
	});

	it('refuses what is not a DNS label of that size', () => {
		for (const label of [
			'ab',
			'x'.repeat(33),
			'-abc',
			'abc-',
			'a_b',
			'a.b',
			'ÆØÅ',
			'a b',
			'xn--abc',
		])
			expect(subdomainProblem(label)).toBe('subdomain_invalid');
	});

	it('refuses the names the site keeps and an empty label', () => {
		for (const label of ['www', 'mail', 'panel', 'api', 'admin', 'ns1'])
			expect(subdomainProblem(label)).toBe('subdomain_reserved');
		expect(subdomainProblem('')).toBe('subdomain_required');
		expect(subdomainProblem(null)).toBe('subdomain_required');
	});

	it('normalizes case and spaces before checking', () => {
		expect(normalizeSubdomain('  Ingrids-MC ')).toBe('ingrids-mc');
		expect(subdomainSchema.parse(' MyServer ')).toBe('myserver');
		const refused = subdomainSchema.safeParse('WWW');
		expect(refused.success).toBe(false);
		expect(refused.error?.issues[0]?.message).toBe('subdomain_reserved');
	});
});
