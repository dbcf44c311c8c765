import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { User } from '@supabase/supabase-js';
import { createServerClient } from '@supabase/ssr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, WebSocket } from 'ws';
import type { AddressInfo } from 'node:net';
import { demo, other, startProductStack, type Personas } from '../data-model/personas.ts';
import { paidVps } from '../checkout/vps-order.ts';
import { firstFrame } from '../../../src/server/rfb/rfb-client.test-helper.ts';
import { relay } from '../../../src/server/console/relay.ts';
import { openUpstream } from '../../../src/server/console/upstream.ts';
import type * as OpenModule from '../../../src/server/console/open.ts';
import type * as UpgradeModule from '../../../src/server/console/claim-upgrade.ts';
import type { ClaimedConsole } from '../../../src/server/console/serve.ts';
import { sessionIdOf } from '../../../src/lib/auth/token-claims.ts';
import type { AdminClient } from '../../../src/server/supabase/admin-client.ts';

// Issue 31: the browser console's two halves on a provisioned VPS of the simulation: the
// customer's request makes a one-time path (owner only, refused while suspended, logged), the
// site's WebSocket spends it once, for the session that made it, and reaches the machine's screen.

let p: Personas;
let owner: User;
/** The owner as the API door sees them: the user and their session's access token. */
let asOwner: { customer: User; accessToken: string | null };
/** The owner's session, as the WebSocket's cookies name it when the token is spent. */
let ownerSession: { userId: string; sessionId: string };
let admin: AdminClient;
let open: typeof OpenModule;
let upgrade: typeof UpgradeModule;
let serviceId: string;
const folder = mkdtempSync(join(tmpdir(), 'vps-console-'));

beforeAll(async () => {
	p = await startProductStack();
	Object.assign(process.env, {
		PUBLIC_SUPABASE_URL: p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
		SMTP_URL: p.stack.smtpUrl,
		MAIL_FROM: 'Frostnode <noreply@frostnode.example>',
		HYPERVISOR_SIM_FILE: join(folder, 'machines.json'),
		HYPERVISOR_SIM_DELAY_MS: '0',
	});
	const { provision } = await import('../../../src/server/provisioning/provision.ts');
	open = await import('../../../src/server/console/open.ts');
	upgrade = await import('../../../src/server/console/claim-upgrade.ts');
	admin = (await import('../../../src/server/supabase/admin-client.ts')).adminClient()!;
	owner = (await p.owner.auth.getUser()).data.user!;
	asOwner = {
		customer: owner,
		accessToken: (await p.owner.auth.getSession()).data.session?.access_token ?? null,
	};
	ownerSession = { userId: owner.id, sessionId: sessionIdOf(asOwner.accessToken ?? '')! };
	serviceId = (await paidVps(p, owner.id, 'console-01')).serviceId;
	await provision(admin, serviceId, 'http://site.test');
}, 60_000);

afterAll(async () => {
	await p.stack.stop();
	rmSync(folder, { recursive: true, force: true });
});

const tokenOf = (url: string) => url.slice('/console/'.length);

async function screen(ticket: ClaimedConsole): Promise<number> {
	const site = new WebSocketServer({ host: '127.0.0.1', port: 0 });
	site.on('connection', (browser) =>
		relay(browser, openUpstream(ticket.socket), { password: ticket.password, idleMs: 60_000 }),
	);
	await new Promise((resolve) => site.once('listening', resolve));
	const viewer = new WebSocket(`ws://127.0.0.1:${(site.address() as AddressInfo).port}/`);
	try {
		return (await firstFrame(viewer)).lit;
	} finally {
		viewer.close();
		site.close();
	}
}

const consoleEvents = async () =>
	(
		await p.service
			.from('service_activity')
			.select('event')
			.eq('service_id', serviceId)
			.eq('event', 'console_opened')
	).data!.length;

describe('the browser console', () => {
	it('gives the owner a one-time path that opens the machine screen once', async () => {
		const before = await consoleEvents();
		const opened = await open.openConsole(admin, asOwner, serviceId);
		if (typeof opened === 'string') throw new Error(opened);
		expect(opened.url).toMatch(/^\/console\/[A-Za-z0-9_-]{43}$/);
		expect(await consoleEvents()).toBe(before + 1);
		const ticket = await open.claimConsole(admin, tokenOf(opened.url), ownerSession);
		if (typeof ticket === 'string') throw new Error(ticket);
		expect(await screen(ticket)).toBeGreaterThan(1000);
		expect(await open.claimConsole(admin, tokenOf(opened.url), ownerSession)).toBe('token');
	});

	it('answers not found to a stranger, and opens nothing for another session', async () => {
		const stranger = { ...asOwner, customer: { ...owner, id: other.id } };
		expect(await open.openConsole(admin, stranger, serviceId)).toBe('not_found');
		expect(await open.openConsole(admin, asOwner, 'not-a-uuid')).toBe('not_found');
		const opened = await open.openConsole(admin, asOwner, serviceId);
		if (typeof opened === 'string') throw new Error(opened);
		expect(
			await open.claimConsole(admin, tokenOf(opened.url), { ...ownerSession, userId: other.id }),
		).toBe('session');
		// Spent by the failed try: the owner cannot reuse what a stranger held.
		expect(await open.claimConsole(admin, tokenOf(opened.url), ownerSession)).toBe('token');
		expect(await open.claimConsole(admin, 'x'.repeat(43), ownerSession)).toBe('token');
		// The owner's other sign-in (another browser) cannot spend this session's token either.
		const mine = await open.openConsole(admin, asOwner, serviceId);
		if (typeof mine === 'string') throw new Error(mine);
		const otherSession = { ...ownerSession, sessionId: randomUUID() };
		expect(await open.claimConsole(admin, tokenOf(mine.url), otherSession)).toBe('session');
	});

	it('refuses a stale sign-in and an expired token', async () => {
		// A session whose sign-in (its token's amr) is from 2020, whatever the account did since.
		const claims = { amr: [{ method: 'password', timestamp: 1_577_836_800 }] };
		const oldToken = `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;
		const stale = { customer: owner, accessToken: oldToken };
		expect(await open.openConsole(admin, stale, serviceId)).toBe('reauthenticate');
		expect(await open.openConsole(admin, { customer: owner, accessToken: null }, serviceId)).toBe(
			'reauthenticate',
		);
		const opened = await open.openConsole(admin, asOwner, serviceId);
		if (typeof opened === 'string') throw new Error(opened);
		await p.service
			.from('vps_console_tokens')
			.update({ expires_at: new Date(Date.now() - 1000).toISOString() })
			.eq('service_id', serviceId)
			.is('used_at', null);
		expect(await open.claimConsole(admin, tokenOf(opened.url), ownerSession)).toBe('token');
	});

	it('refuses while suspended, also for a token made just before', async () => {
		const opened = await open.openConsole(admin, asOwner, serviceId);
		if (typeof opened === 'string') throw new Error(opened);
		await p.service.from('services').update({ status: 'suspended' }).eq('id', serviceId);
		try {
			expect(await open.openConsole(admin, asOwner, serviceId)).toBe('suspended');
			expect(await open.claimConsole(admin, tokenOf(opened.url), ownerSession)).toBe('suspended');
		} finally {
			await p.service.from('services').update({ status: 'active' }).eq('id', serviceId);
		}
	});

	it('keeps the tokens from every customer: only their hashes, and no one reads them', async () => {
		const { data } = await p.owner.from('vps_console_tokens').select('token_hash');
		expect(data ?? []).toEqual([]);
		const { data: stored } = await p.service.from('vps_console_tokens').select('token_hash');
		for (const row of stored!) expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
	});
});

/** A browser's sign-in as @supabase/ssr keeps it: the Cookie header it sends, and its token. */
async function browserSignIn(): Promise<{ cookie: string; accessToken: string }> {
	const jar = new Map<string, string>();
	const client = createServerClient(p.stack.url, p.stack.anonKey, {
		cookies: {
			getAll: () => [...jar].map(([name, value]) => ({ name, value })),
			setAll: (list) => list.forEach(({ name, value }) => jar.set(name, value)),
		},
	});
	const { data, error } = await client.auth.signInWithPassword(demo);
	if (error) throw error;
	const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
	return { cookie, accessToken: data.session.access_token };
}

describe('the console WebSocket upgrade (server/console-upgrade.ts, in process)', () => {
	const ask = (token: string, cookie: string) => ({
		token,
		cookie,
		clientAddress: '203.0.113.9',
		userAgent: 'vitest',
	});

	it('spends the token for the session in the browser cookies, once, and reaches the screen', async () => {
		const browser = await browserSignIn();
		const opened = await open.openConsole(
			admin,
			{ customer: owner, accessToken: browser.accessToken },
			serviceId,
		);
		if (typeof opened === 'string') throw new Error(opened);
		const claimed = await upgrade.claimFromUpgrade(ask(tokenOf(opened.url), browser.cookie));
		if (typeof claimed === 'string') throw new Error(claimed);
		expect(claimed.grant).toMatchObject({ userId: owner.id, serviceId });
		expect(await screen(claimed)).toBeGreaterThan(1000);
		expect(await upgrade.claimFromUpgrade(ask(tokenOf(opened.url), browser.cookie))).toBe('token');
	});

	it('refuses without cookies and with another sign-in of the same customer', async () => {
		const browser = await browserSignIn();
		const another = await browserSignIn();
		const asBrowser = { customer: owner, accessToken: browser.accessToken };
		const first = await open.openConsole(admin, asBrowser, serviceId);
		if (typeof first === 'string') throw new Error(first);
		expect(await upgrade.claimFromUpgrade(ask(tokenOf(first.url), ''))).toBe('session');
		const second = await open.openConsole(admin, asBrowser, serviceId);
		if (typeof second === 'string') throw new Error(second);
		expect(await upgrade.claimFromUpgrade(ask(tokenOf(second.url), another.cookie))).toBe(
			'session',
		);
	});
});
