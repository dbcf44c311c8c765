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

	it('refuses the brand however it is spelled, and inside any label', () => {
		for (const label of [
			'frostnode',
			'fr0stnode',
			'frost-node',
			'fr0st-n0d3',
			'frosstnode',
			'frostnocle',
			'billing-frostnode',
			'frostnode-billing',
			'my-frostnode',
			'login-frostnode',
			'frostnode-support',
			'frostnodes',
			'xfrostnodex',
			'f-r-o-s-t-n-o-d-e',
			'fr057n0d3',
		])
			expect(subdomainProblem(label), label).toBe('subdomain_reserved');
	});

	it('refuses the site’s own names numbered, misspelled with digits or dressed up', () => {
		for (const label of [
			'www1',
			'www-2',
			'vvvvvv',
			'wvvw',
			'ns01',
			'ns-2',
			'mail2',
			'ma1l',
			'rnail',
			'webmail',
			'admin-panel',
			'my-panel',
			'mypanel',
			'pane1',
			'secure-login',
			'login-secure',
			'supp0rt',
			'suport',
			'support-team',
			'helpdesk',
			'5taff',
			'staff-login',
			'status-page',
			'status1',
			'billing-center',
			'b1ll1ng',
			'paypage',
			'my-account',
			'accounts',
			'payments',
			'get-support',
			'the-admins',
			'api2',
			'cdn-1',
			'postmaster',
			'devteam',
			'proxmox',
			'pve1',
			'play',
		])
			expect(subdomainProblem(label), label).toBe('subdomain_reserved');
	});

	it('keeps ordinary names free, even ones that hold a kept word or look near one', () => {
		for (const label of [
			'wolfpack',
			'minecraftlan',
			'nordicraft',
			'frost-craft',
			'frostbite',
			'frostheim',
			'frostland',
			'northnode',
			'icenode',
			'vikings',
			'valheim-vikings',
			'ingrids-mc',
			'my-cool-server-2',
			'oslo-gamers',
			'team-fjord',
			'the-lads',
			'creeper-club',
			'blockparty',
			'pixelpals',
			'ragnarok',
			'snowfall',
			'mailman',
			'playtime',
			'letsplay',
			'shopkeepers',
			'gamestore-mc',
			'helpinghands',
			'adminecraft',
			'admiral',
			'apiary',
			'statik',
			'devils',
			'testudo',
			'rootbeer',
			'payday',
			'popcorn',
			'wow',
			'bling',
			'nsfw-free',
			'support-squad',
			'rust-2024',
			'mc-help',
			'ssh-tunnelers',
			'secure-minecraft',
			'staffordshire',
			'accountant',
		])
			expect(subdomainProblem(label), label).toBeNull();
	});

	it('normalizes case and spaces before checking', () => {
		expect(normalizeSubdomain('  Ingrids-MC ')).toBe('ingrids-mc');
		expect(subdomainSchema.parse(' MyServer ')).toBe('myserver');
		const refused = subdomainSchema.safeParse('WWW');
		expect(refused.success).toBe(false);
		expect(refused.error?.issues[0]?.message).toBe('subdomain_reserved');
	});
});
