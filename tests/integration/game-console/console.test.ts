import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { demo, other, staffMember } from '../data-model/personas.ts';
import { clientFor, type Client } from '../local-stack/helpers.ts';
import { startBillingStack, type BillingStack } from '../billing/fixture.ts';
import { sessionIdOf } from '../../../src/lib/auth/token-claims.ts';
import type { ConsoleFrame } from '../../../src/lib/domain/game-console-event.ts';
import type * as OpenModule from '../../../src/server/game-console/open.ts';
import type * as UpgradeModule from '../../../src/server/game-console/claim-upgrade.ts';
import type * as StaffModule from '../../../src/server/game-console/staff.ts';
import { gameConsoleCheck } from '../../../src/server/game-console/live-check.ts';
import {
	serveGameConsole,
	type ClaimedGameConsole,
} from '../../../src/server/game-console/serve.ts';
import { textOf } from '../../../src/server/game-console/relay.ts';
import { sessionDouble } from '../../../src/server/game-console/session-double.test-helper.ts';
import type { GamePanel } from '../../../src/server/game-panel/types.ts';

// Issue 41, the live console: the customer's request makes a one-time path (owner only, refused
// with the server page's reason while suspended, ended or being set up, logged as console_opened),
// the site's WebSocket spends it once, for the session that made it; the live check closes it when
// the session ends or the server is suspended; staff watch read-only and are audited.

let b: BillingStack;
let open: typeof OpenModule;
let upgrade: typeof UpgradeModule;
let staffOpen: typeof StaffModule;
let serviceId: string;
let ownerId: string;
const servers: WebSocketServer[] = [];

/** The site's panel with its console session played by a double (the panel's own is tested in its contract suite). */
function panelWith(session: ReturnType<typeof sessionDouble>): GamePanel {
	return { ...realPanel, openConsole: () => Promise.resolve(session.session) };
}
let realPanel: GamePanel;

beforeAll(async () => {
	b = await startBillingStack({ panel: 'simulated' });
	process.env.CONSOLE_ACCESS_CHECK_SECONDS = '0.2';
	open = await import('../../../src/server/game-console/open.ts');
	upgrade = await import('../../../src/server/game-console/claim-upgrade.ts');
	staffOpen = await import('../../../src/server/game-console/staff.ts');
	realPanel = (await import('../../../src/server/game-panel/index.ts')).getGamePanel();
	ownerId = b.ownerId;
	const day = 86_400_000;
	serviceId = await b.activeService(
		new Date(Date.now() - 5 * day).toISOString(),
		new Date(Date.now() + 25 * day).toISOString(),
	);
}, 60_000);

afterAll(async () => {
	servers.forEach((server) => server.close());
	await b.stop();
});

async function signIn(who: { email: string; password: string }): Promise<Client> {
	const client = clientFor(b.p.stack);
	const { error } = await client.auth.signInWithPassword(who);
	if (error) throw error;
	return client;
}

async function callerOf(client: Client, viewer: 'owner' | 'staff') {
	const accessToken = (await client.auth.getSession()).data.session?.access_token ?? null;
	const userId = (await client.auth.getUser()).data.user!.id;
	return { userId, viewer, accessToken, sessionId: sessionIdOf(accessToken ?? '')! };
}

const tokenOf = (url: string) => url.slice('/game-console/'.length);

const consoleEvents = async () =>
	(
		await b.p.service
			.from('service_activity')
			.select('event')
			.eq('service_id', serviceId)
			.eq('event', 'console_opened')
	).data!.length;

async function opened(client: Client, viewer: 'owner' | 'staff' = 'owner') {
	const caller = await callerOf(client, viewer);
	const made = await open.openGameConsole(b.admin, caller, serviceId);
	if (typeof made === 'string') throw new Error(made);
	return { caller, token: tokenOf(made.url) };
}

/** The site's WebSocket serving a claimed console; the page's frames and its close. */
async function page(claimed: ClaimedGameConsole) {
	const site = new WebSocketServer({ host: '127.0.0.1', port: 0 });
	servers.push(site);
	const check = gameConsoleCheck(b.admin, claimed.viewer);
	site.on('connection', (browser) => serveGameConsole(browser, claimed, { check }));
	await new Promise((resolve) => site.once('listening', resolve));
	const socket = new WebSocket(`ws://127.0.0.1:${(site.address() as AddressInfo).port}/`);
	const frames: ConsoleFrame[] = [];
	socket.on('message', (data) => frames.push(JSON.parse(textOf(data)) as ConsoleFrame));
	const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
	await new Promise((resolve) => socket.once('open', resolve));
	return { socket, frames, closed };
}

async function until(ok: () => boolean) {
	for (let i = 0; i < 400 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
	expect(ok()).toBe(true);
}

describe('opening a game console', () => {
	it('gives the owner a one-time path, logged, that opens the panel console once', async () => {
		const before = await consoleEvents();
		const { caller, token } = await opened(b.p.owner);
		expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
		expect(await consoleEvents()).toBe(before + 1);
		const panel = sessionDouble();
		const owner = { ...caller, twoFactor: false };
		const claimed = await open.claimGameConsole(b.admin, token, owner, panelWith(panel));
		if (typeof claimed === 'string') throw new Error(claimed);
		expect(claimed).toMatchObject({ viewer: 'owner', grant: { userId: ownerId, serviceId } });
		const { socket } = await page(claimed);
		await until(() => panel.sent.length > 0);
		expect(panel.sent[0]).toEqual({ event: 'send logs' });
		socket.close();
		expect(await open.claimGameConsole(b.admin, token, owner, panelWith(panel))).toBe('token');
	});

	it('relays the simulated server’s console: its last lines, then a command’s answer', async () => {
		const { data: row } = await b.admin
			.from('services')
			.select('panel_server_id, panel_identifier')
			.eq('id', serviceId)
			.single();
		const ref = { panelServerId: Number(row!.panel_server_id), identifier: row!.panel_identifier! };
		await realPanel.power(ref, 'start');
		const { caller, token } = await opened(b.p.owner);
		const owner = { ...caller, twoFactor: false };
		const claimed = await open.claimGameConsole(b.admin, token, owner);
		if (typeof claimed === 'string') throw new Error(claimed);
		expect(claimed.state).toBe('running');
		const { socket, frames } = await page(claimed);
		const lines = () =>
			frames.filter((f) => f.event === 'console output').map((f) => f.args?.[0] ?? '');
		await until(() => lines().length > 0);
		socket.send(JSON.stringify({ event: 'send command', args: ['say hi'] }));
		await until(() => lines().some((line) => line.includes('[Server] hi')));
		expect(frames.every((f) => !['auth success', 'jwt error'].includes(f.event))).toBe(true);
		socket.close();
	});

	it('answers not found, logging nothing, for another customer’s server or a VPS token', async () => {
		const before = await consoleEvents();
		const stranger = await callerOf(await signIn(other), 'owner');
		expect(await open.openGameConsole(b.admin, stranger, serviceId)).toBe('not_found');
		expect(await open.openGameConsole(b.admin, stranger, 'not-a-uuid')).toBe('not_found');
		expect(await consoleEvents()).toBe(before);
		// A game console's token opens no VPS console, and the other way round.
		const { caller, token } = await opened(b.p.owner);
		const { consumeConsoleToken } = await import('../../../src/server/console/tokens.ts');
		expect(await consumeConsoleToken(b.admin, token, 'vps')).toBeNull();
		const owner = { ...caller, twoFactor: false };
		const session = { ...owner, userId: other.id };
		expect(await open.claimGameConsole(b.admin, token, session, panelWith(sessionDouble()))).toBe(
			'session',
		);
		// Spent by the failed try.
		expect(await open.claimGameConsole(b.admin, token, owner, panelWith(sessionDouble()))).toBe(
			'token',
		);
	});

	it('refuses while suspended or ended, also for a token made just before', async () => {
		const { caller, token } = await opened(b.p.owner);
		const before = await consoleEvents();
		await b.p.service.from('services').update({ status: 'suspended' }).eq('id', serviceId);
		try {
			expect(await open.openGameConsole(b.admin, caller, serviceId)).toBe('suspended');
			const owner = { ...caller, twoFactor: false };
			expect(await open.claimGameConsole(b.admin, token, owner, panelWith(sessionDouble()))).toBe(
				'suspended',
			);
			await b.p.service.from('services').update({ status: 'cancelled' }).eq('id', serviceId);
			expect(await open.openGameConsole(b.admin, caller, serviceId)).toBe('ended');
			await b.p.service.from('services').update({ status: 'provisioning' }).eq('id', serviceId);
			expect(await open.openGameConsole(b.admin, caller, serviceId)).toBe('not_ready');
		} finally {
			await b.p.service.from('services').update({ status: 'active' }).eq('id', serviceId);
		}
		expect(await consoleEvents()).toBe(before);
	});

	it('asks for a recent sign-in of this very session', async () => {
		const claims = { amr: [{ method: 'password', timestamp: 1_577_836_800 }] };
		const oldToken = `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;
		const caller = { userId: ownerId, viewer: 'owner' as const, accessToken: oldToken };
		expect(await open.openGameConsole(b.admin, caller, serviceId)).toBe('reauthenticate');
	});

	it('spends the token only for the session in the browser’s cookies', async () => {
		const { token } = await opened(b.p.owner);
		const ask = { token, cookie: '', clientAddress: '203.0.113.9', userAgent: 'vitest' };
		expect(await upgrade.claimGameFromUpgrade(ask)).toBe('session');
		expect(await upgrade.claimGameFromUpgrade(ask)).toBe('token');
	});
});

describe('an open game console', () => {
	it('closes as signed out when the session that opened it ends', async () => {
		const session = await signIn(demo);
		const { caller, token } = await opened(session);
		const owner = { ...caller, twoFactor: false };
		const claimed = await open.claimGameConsole(b.admin, token, owner, panelWith(sessionDouble()));
		if (typeof claimed === 'string') throw new Error(claimed);
		const { closed } = await page(claimed);
		await session.auth.signOut({ scope: 'local' });
		expect(await closed).toBe(4001);
	});

	it('closes as suspended when the server is suspended', async () => {
		const { caller, token } = await opened(b.p.owner);
		const owner = { ...caller, twoFactor: false };
		const claimed = await open.claimGameConsole(b.admin, token, owner, panelWith(sessionDouble()));
		if (typeof claimed === 'string') throw new Error(claimed);
		const { closed } = await page(claimed);
		await b.p.service.from('services').update({ status: 'suspended' }).eq('id', serviceId);
		try {
			expect(await closed).toBe(4003);
		} finally {
			await b.p.service.from('services').update({ status: 'active' }).eq('id', serviceId);
		}
	});

	it('is checked by a function only the service role may call', async () => {
		const args = {
			session_id: ownerId,
			user_id: ownerId,
			service_id: serviceId,
			opened_at: new Date().toISOString(),
			as_staff: true,
		};
		for (const client of [b.p.owner, b.p.anon]) {
			const { error } = await client.rpc('game_console_access_live', args);
			expect(error?.code).toBe('42501');
		}
	});
});

describe('staff’s read-only console', () => {
	it('opens for staff, audited, and passes logs but never a command', async () => {
		const staffSession = await signIn(staffMember);
		const caller = await callerOf(staffSession, 'staff');
		const staff = { id: caller.userId, email: staffMember.email };
		const outcome = await staffOpen.staffOpenGameConsole(
			{ staff, admin: b.admin, locale: 'en', body: {}, origin: 'http://site.test' },
			serviceId,
			caller.accessToken,
		);
		expect(outcome.audit).toMatchObject({
			action: 'game_console_opened',
			customerId: ownerId,
			subject: `service:${serviceId}`,
		});
		const url = (outcome.body as { url: string }).url;
		const before = await consoleEvents();
		const panel = sessionDouble();
		const asStaff = { userId: caller.userId, sessionId: caller.sessionId };
		// Without two-factor sign-in the staff token opens nothing.
		const { token } = await opened(staffSession, 'staff');
		expect(
			await open.claimGameConsole(
				b.admin,
				token,
				{ ...asStaff, twoFactor: false },
				panelWith(panel),
			),
		).toBe('session');
		const claimed = await open.claimGameConsole(
			b.admin,
			tokenOf(url),
			{ ...asStaff, twoFactor: true },
			panelWith(panel),
		);
		if (typeof claimed === 'string') throw new Error(claimed);
		expect(claimed.viewer).toBe('staff');
		const { socket, frames } = await page(claimed);
		socket.send(JSON.stringify({ event: 'send command', args: ['op staff'] }));
		socket.send(JSON.stringify({ event: 'send stats' }));
		await until(() => panel.sent.some((f) => f.event === 'send stats'));
		expect(panel.sent.map((f) => f.event)).toEqual(['send logs', 'send stats']);
		await until(() => frames.length > 0);
		expect(frames[0]).toEqual({ event: 'command refused', args: ['read_only'] });
		socket.close();
		// Staff watching is not the customer's activity.
		expect(await consoleEvents()).toBe(before);
	});

	it('is not found for a customer asking as staff', async () => {
		const customer = await callerOf(b.p.owner, 'staff');
		expect(await open.openGameConsole(b.admin, customer, serviceId)).toBe('not_found');
	});
});
