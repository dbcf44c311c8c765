import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { consoleCloseCodes } from '../../lib/domain/console-ending';
import type { ConsoleViewer } from '../../lib/domain/console-token';
import type { ConsoleFrame } from '../../lib/domain/game-console-event';
import type { ServerState } from '../game-panel/types';
import { relayGameConsole, textOf, type GameRelay } from './relay';
import { sessionDouble } from './session-double.test-helper';

// The game console's relay between a page and a panel session (a double): which frames pass each
// way, when a command is refused instead of sent, and how it ends.

const servers: WebSocketServer[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function site(
	options: { viewer?: ConsoleViewer; state?: ServerState; idleMs?: number } = {},
) {
	const panel = sessionDouble();
	const ended: string[] = [];
	let relay: GameRelay | undefined;
	const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
	servers.push(server);
	server.on('connection', (browser) => {
		relay = relayGameConsole(browser, panel.session, {
			viewer: options.viewer ?? 'owner',
			state: options.state ?? 'running',
			idleMs: options.idleMs ?? 60_000,
			onEnd: (reason) => ended.push(reason),
		});
	});
	await new Promise((resolve) => server.once('listening', resolve));
	const page = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/`);
	const received: ConsoleFrame[] = [];
	page.on('message', (data) => received.push(JSON.parse(textOf(data)) as ConsoleFrame));
	const closed = new Promise<{ code: number; reason: string }>((resolve) =>
		page.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
	);
	await new Promise((resolve) => page.once('open', resolve));
	await until(() => relay !== undefined);
	return { panel, page, received, closed, ended, relay: () => relay! };
}

async function until(ok: () => boolean) {
	for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 5));
	expect(ok()).toBe(true);
}

/** Sends, then a `send stats` as a marker: once it reached the panel, so had everything before. */
async function sendAll(s: Awaited<ReturnType<typeof site>>, frames: string[]) {
	const before = s.panel.sent.length;
	for (const frame of frames) s.page.send(frame);
	s.page.send(JSON.stringify({ event: 'send stats' }));
	await until(() => s.panel.sent.slice(before).some((f) => f.event === 'send stats'));
	return s.panel.sent.slice(before, -1);
}

describe('the game console relay', () => {
	it('asks the panel for the last lines as it opens', async () => {
		const s = await site();
		expect(s.panel.sent).toEqual([{ event: 'send logs' }]);
	});

	it('passes the events a customer may see, unchanged, and drops the rest', async () => {
		const s = await site();
		const shown: ConsoleFrame[] = [
			{ event: 'console output', args: ['[Server thread/INFO]: Done (3.2s)!'] },
			{ event: 'status', args: ['running'] },
			{ event: 'daemon message', args: ['Completed server restoration from local backup.'] },
		];
		const hidden: ConsoleFrame[] = [
			{ event: 'auth success' },
			{ event: 'jwt error', args: ['jwt: exp claim is invalid'] },
			{ event: 'install output', args: ['secret install line'] },
			{ event: 'transfer logs', args: ['node address'] },
			{ event: 'daemon error', args: ['detailed error with a path'] },
			{ event: 'token expiring' },
		];
		for (const frame of [hidden[0]!, shown[0]!, ...hidden.slice(1), ...shown.slice(1)])
			s.panel.emit(frame);
		await until(() => s.received.length >= 3);
		await new Promise((r) => setTimeout(r, 20));
		expect(s.received).toEqual(shown);
	});

	it('passes only the requests a page may send, and only well-formed', async () => {
		const s = await site();
		const passed = await sendAll(s, [
			JSON.stringify({ event: 'send command', args: ['say hi'] }),
			JSON.stringify({ event: 'send logs' }),
			JSON.stringify({ event: 'auth', args: ['stolen'] }),
			JSON.stringify({ event: 'set state', args: ['kill'] }),
			JSON.stringify({ event: 'send command', args: ['op me'], extra: 1 }),
			JSON.stringify({ event: 'send command', args: ['x'.repeat(5000)] }),
			JSON.stringify({ event: 'send command', args: [1] }),
			'not json',
			'[]',
		]);
		expect(passed).toEqual([{ event: 'send command', args: ['say hi'] }, { event: 'send logs' }]);
	});

	it('refuses commands while the server is not running, with why, and sends them once it runs', async () => {
		const s = await site({ state: 'offline' });
		expect(await sendAll(s, [JSON.stringify({ event: 'send command', args: ['say hi'] })])).toEqual(
			[],
		);
		await until(() => s.received.length === 1);
		expect(s.received[0]).toEqual({ event: 'command refused', args: ['not_running'] });
		s.panel.emit({ event: 'status', args: ['running'] });
		const passed = await sendAll(s, [JSON.stringify({ event: 'send command', args: ['say hi'] })]);
		expect(passed).toEqual([{ event: 'send command', args: ['say hi'] }]);
		// A stats sample saying it stopped counts as much as a status frame.
		const stats = {
			memory_bytes: 0,
			memory_limit_bytes: 2 ** 31,
			cpu_absolute: 0,
			network: { rx_bytes: 0, tx_bytes: 0 },
			uptime: 0,
			state: 'offline',
			disk_bytes: 1024,
		};
		s.panel.emit({ event: 'stats', args: [JSON.stringify(stats)] });
		expect(await sendAll(s, [JSON.stringify({ event: 'send command', args: ['op x'] })])).toEqual(
			[],
		);
	});

	it('refuses commands of a suspended server as suspended', async () => {
		const s = await site({ state: 'suspended' });
		s.page.send(JSON.stringify({ event: 'send command', args: ['say hi'] }));
		await until(() => s.received.length === 1);
		expect(s.received[0]).toEqual({ event: 'command refused', args: ['suspended'] });
		expect(s.panel.sent).toEqual([{ event: 'send logs' }]);
	});

	it('lets staff ask for logs and stats but never send a command', async () => {
		const s = await site({ viewer: 'staff' });
		const passed = await sendAll(s, [
			JSON.stringify({ event: 'send command', args: ['op staff'] }),
			JSON.stringify({ event: 'send logs' }),
		]);
		expect(passed).toEqual([{ event: 'send logs' }]);
		await until(() => s.received.length === 1);
		expect(s.received[0]).toEqual({ event: 'command refused', args: ['read_only'] });
	});

	it('closes both sides with the reason code when told to end', async () => {
		const s = await site();
		s.relay().end('suspended', consoleCloseCodes.suspended);
		expect(await s.closed).toEqual({ code: 4003, reason: 'suspended' });
		expect(s.panel.closed).toBe(true);
		expect(s.ended).toEqual(['suspended']);
	});

	it('closes as idle without a request from the page', async () => {
		const s = await site({ idleMs: 50 });
		expect((await s.closed).code).toBe(consoleCloseCodes.idle);
		expect(s.panel.closed).toBe(true);
	});

	it('closes the page when the panel side ends, and the panel session when the page leaves', async () => {
		const first = await site();
		first.panel.end('server deleted');
		expect((await first.closed).code).toBe(1011);
		const second = await site();
		second.page.close();
		await until(() => second.panel.closed);
		expect(second.ended).toEqual(['page_closed']);
		expect(second.panel.listening).toBe(0);
	});
});
