import { describe, expect, it } from 'vitest';
import { games } from '../../lib/games';
import { configurationProblems, describeProblems, runMode } from './check';

const eggs = JSON.stringify(
	Object.fromEntries(games.map((game) => [game.id, { nest: 1, egg: 2 }])),
);

/** A complete production configuration: the check must find nothing in it. */
const production = {
	NODE_ENV: 'production',
	PUBLIC_SITE_URL: 'https://frostnode.example',
	PUBLIC_SUPABASE_URL: 'https://abcd.supabase.co',
	PUBLIC_SUPABASE_ANON_KEY: 'eyJhbGciOiJIUzI1NiJ9.anon.signature',
	SUPABASE_SERVICE_ROLE_KEY: 'eyJhbGciOiJIUzI1NiJ9.service.signature',
	STRIPE_SECRET_KEY: 'sk_live_0123456789',
	STRIPE_WEBHOOK_SECRET: 'whsec_0123456789',
	PTERODACTYL_URL: 'https://panel.frostnode.example',
	PTERODACTYL_APPLICATION_KEY: 'ptla_0123456789',
	PTERODACTYL_CLIENT_KEY: 'ptlc_0123456789',
	PTERODACTYL_EGGS: eggs,
	POWERDNS_API_URL: 'https://dns.frostnode.example',
	POWERDNS_API_KEY: 'powerdns-api-key-0123456789',
	DNS_ZONE: 'play.frostnode.example',
	SMTP_URL: 'smtps://mailer:secret@smtp.example:465',
	MAIL_FROM: 'Frostnode <noreply@frostnode.example>',
	CRON_SECRET: 'c'.repeat(40),
	PROXMOX_URL: 'https://pve1.frostnode.example:8006',
	PROXMOX_TOKEN_ID: 'provisioner@pve!frostnode',
	PROXMOX_TOKEN_SECRET: '0b6f1e2a-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
};
const noFile = () => {
	throw new Error('no such file');
};
const problems = (env: Record<string, string | undefined>, mode?: 'production' | 'development') =>
	configurationProblems(env, mode ?? runMode(env), noFile);

describe('the start-up configuration check', () => {
	it('finds nothing wrong with a complete production configuration', () => {
		expect(problems(production)).toEqual([]);
	});

	it.each([
		'PUBLIC_SITE_URL',
		'PUBLIC_SUPABASE_URL',
		'PUBLIC_SUPABASE_ANON_KEY',
		'STRIPE_SECRET_KEY',
		'STRIPE_WEBHOOK_SECRET',
		'PTERODACTYL_URL',
		'PTERODACTYL_APPLICATION_KEY',
		'PTERODACTYL_CLIENT_KEY',
		'PTERODACTYL_EGGS',
		'POWERDNS_API_KEY',
		'DNS_ZONE',
		'SMTP_URL',
		'MAIL_FROM',
		'CRON_SECRET',
		'PROXMOX_URL',
		'PROXMOX_TOKEN_ID',
		'PROXMOX_TOKEN_SECRET',
	])('names %s when production lacks it', (name) => {
		const found = problems({ ...production, [name]: undefined });
		expect(found.some((problem) => problem.startsWith(name))).toBe(true);
	});

	it("refuses a game panel placement the catalogue's locations cannot have", () => {
		const node = { ...production, PTERODACTYL_ALLOCATION: 'node', PTERODACTYL_NODE_ID: '3' };
		expect(problems(node)).toEqual([
			'PTERODACTYL_ALLOCATION=node puts every server on one node, but content/catalogue/locations.json sells game servers in oslo, frankfurt, stockholm: use deploy',
		]);
		expect(problems({ ...production, PTERODACTYL_LOCATION_IDS: '1' })).toEqual([
			expect.stringMatching(/^PTERODACTYL_LOCATION_IDS is no longer read \(remove it\): /),
		]);
	});

	it('needs a service key in production', () => {
		expect(problems({ ...production, SUPABASE_SERVICE_ROLE_KEY: undefined })).toEqual([
			expect.stringMatching(/^SUPABASE_SERVICE_ROLE_KEY \(or SUPABASE_SECRET_KEY\) is not set/),
		]);
	});

	it.each([
		['PUBLIC_SITE_URL', 'http://frostnode.example'],
		['PUBLIC_SITE_URL', 'https://frostnode.example/shop'],
		['SITE_HOST_ALIASES', 'https://www.frostnode.example'],
		['PUBLIC_SUPABASE_URL', 'abcd.supabase.co'],
		['SUPABASE_SECRET_KEY', 'eyJhbGciOi.service.key'],
		['STRIPE_SECRET_KEY', 'pk_live_123'],
		['STRIPE_WEBHOOK_SECRET', 'sk_live_123'],
		['PTERODACTYL_URL', 'http://panel.frostnode.example'],
		['PTERODACTYL_APPLICATION_KEY', 'ptlc_123'],
		['PTERODACTYL_EGGS', '{"minecraft":{"nest":1}}'],
		['PTERODACTYL_LOCATION_IDS', 'eu-north'],
		['SMTP_URL', 'https://smtp.example'],
		['MAIL_FROM', 'nobody'],
		['CRON_SECRET', 'short'],
		['PORT', '99999'],
		['SHUTDOWN_GRACE_MS', '-1'],
		['LOG_LEVEL', 'loud'],
		['TRUSTED_PROXIES', '10.0.0.0/8,proxy.internal'],
		['PROVISIONING_POLL_MS', 'soon'],
		['LIVE_CHAT', 'intercom'],
		['MODPACK_SOURCE', 'curseforge'],
		['NODE_ENV', 'prod'],
	])('names %s when it is malformed (%s)', (name, value) => {
		const found = problems({ ...production, [name]: value }, 'production');
		expect(found.length).toBeGreaterThan(0);
		expect(found.every((problem) => problem.includes(name))).toBe(true);
	});

	it('names the Modrinth settings only when Modrinth is the modpack source', () => {
		const agent = { MODRINTH_USER_AGENT: 'okhttp/4.9.3' };
		expect(problems({ ...production, ...agent }, 'production')).toEqual([]);
		expect(problems({ ...production, ...agent, MODPACK_SOURCE: 'modrinth' }, 'production')).toEqual(
			[expect.stringMatching(/^MODRINTH_USER_AGENT "okhttp\/4\.9\.3" is an HTTP library's/)],
		);
	});

	it('lists every problem at once, each on its own line, without echoing secrets', () => {
		const env = {
			NODE_ENV: 'production',
			SMTP_URL: 'smtps://mailer:hunter2@',
			STRIPE_SECRET_KEY: 'pk_live_x',
		};
		const found = problems(env);
		expect(found.length).toBeGreaterThanOrEqual(10);
		const message = describeProblems(found, 'production');
		expect(message.split('\n')).toHaveLength(found.length + 2);
		expect(message).not.toContain('hunter2');
	});

	it('allows the development stand-ins outside production', () => {
		const local = {
			PUBLIC_SITE_URL: 'http://127.0.0.1:4321',
			PUBLIC_SUPABASE_URL: 'http://127.0.0.1:54321',
			PUBLIC_SUPABASE_ANON_KEY: 'anon',
			SUPABASE_SERVICE_ROLE_KEY: 'service',
			SMTP_URL: 'smtp://127.0.0.1:54325',
			MAIL_FROM: 'Frostnode <noreply@frostnode.example>',
		};
		expect(runMode(local)).toBe('development');
		expect(problems(local)).toEqual([]);
		// A storefront with no backend at all still starts (the bench's page weights use one).
		expect(problems({})).toEqual([]);
	});

	it('refuses a local Supabase stack in production (its Google sign-in is a stand-in), and only there', () => {
		const demoKey = (role: string) =>
			`eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ iss: 'supabase-demo', role })).toString('base64url')}.signature`;
		const hostedKey = `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ iss: 'supabase', ref: 'abcd', role: 'anon' })).toString('base64url')}.signature`;
		const refusal = [expect.stringMatching(/local Supabase stack’s key/)];
		expect(problems({ ...production, PUBLIC_SUPABASE_ANON_KEY: demoKey('anon') })).toEqual(refusal);
		expect(problems({ ...production, SUPABASE_SERVICE_ROLE_KEY: demoKey('service_role') })).toEqual(
			refusal,
		);
		expect(problems({ ...production, PUBLIC_SUPABASE_ANON_KEY: hostedKey })).toEqual([]);
		const local = {
			PUBLIC_SUPABASE_URL: 'http://127.0.0.1:54321',
			PUBLIC_SUPABASE_ANON_KEY: demoKey('anon'),
			SUPABASE_SERVICE_ROLE_KEY: demoKey('service_role'),
		};
		expect(problems(local, 'development')).toEqual([]);
	});

	it('refuses the simulated hypervisor in production, as it refuses the simulated panel', () => {
		const found = problems({ ...production, PROXMOX_URL: undefined });
		expect(found).toEqual([expect.stringMatching(/^PROXMOX_URL is not set: .*simulated/)]);
		expect(problems({ ...production, PROXMOX_URL: ' ' })).toEqual(found);
	});

	it('names the token missing beside PROXMOX_URL in any mode, and allows the simulation outside production', () => {
		expect(problems({ PROXMOX_URL: 'https://pve1.frostnode.example:8006' }, 'development')).toEqual(
			[
				'PROXMOX_TOKEN_ID is required with PROXMOX_URL',
				'PROXMOX_TOKEN_SECRET is required with PROXMOX_URL',
			],
		);
		expect(problems({ HYPERVISOR_SIM_DELAY_MS: '0' }, 'development')).toEqual([]);
	});

	it("names every format problem of the Proxmox settings at start-up, the hypervisor's own reader's", () => {
		expect(
			problems({
				...production,
				PROXMOX_URL: 'http://pve1.frostnode.example:8006',
				PROXMOX_TOKEN_ID: 'provisioner',
				PROXMOX_TLS_FINGERPRINT: 'AB:CD',
			}),
		).toEqual([
			'PROXMOX_URL must use https:// except on loopback',
			'PROXMOX_TOKEN_ID must look like user@realm!tokenid',
			'PROXMOX_TLS_FINGERPRINT must be a SHA-256 fingerprint (32 hex pairs with colons)',
		]);
	});

	it('names a reverse DNS resolver that is not an IP address, instead of skipping it', () => {
		expect(problems({ ...production, DNS_RESOLVERS: '1.1.1.1, 2606:4700:4700::1111' })).toEqual([]);
		expect(problems({ ...production, DNS_RESOLVERS: '1.1.1.1,dns.google,' })).toEqual([
			'DNS_RESOLVERS must list IP addresses separated by commas: "dns.google" is not one',
		]);
	});

	it('refuses half a backend or half a mailer in any mode', () => {
		expect(problems({ PUBLIC_SUPABASE_URL: 'http://127.0.0.1:54321' })).toEqual(
			expect.arrayContaining([expect.stringMatching(/^PUBLIC_SUPABASE_ANON_KEY/)]),
		);
		expect(problems({ MAIL_FROM: 'Frostnode <a@b.example>' })).toEqual([
			expect.stringMatching(/^SMTP_URL is not set/),
		]);
	});

	it('treats a public https:// site as production unless NODE_ENV says otherwise', () => {
		expect(runMode({ PUBLIC_SITE_URL: 'https://frostnode.example' })).toBe('production');
		expect(runMode({ PUBLIC_SITE_URL: 'https://localhost:4321' })).toBe('development');
		expect(runMode({ PUBLIC_SITE_URL: 'https://frostnode.example', NODE_ENV: 'development' })).toBe(
			'development',
		);
		expect(runMode({ NODE_ENV: 'production' })).toBe('production');
	});
});
