import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGameConsole, maxLines } from './game-console';

// The console's store against a stand-in site: the one-time path asked for, the socket opened
// on it, what the page shows from Wings' frames, and why a command was refused or it closed.

class FakeSocket extends EventTarget {
	readyState = 0;
	sent: string[] = [];
	constructor(readonly url: string) {
		super();
	}
	send(data: string) {
		this.sent.push(data);
	}
	close() {
		this.finish(1000);
	}
	accept() {
		this.readyState = 1;
		this.dispatchEvent(new Event('open'));
	}
	frame(event: string, args?: string[]) {
		const data = JSON.stringify(args ? { event, args } : { event });
		this.dispatchEvent(new MessageEvent('message', { data }));
	}
	finish(code: number) {
		this.readyState = 3;
		this.dispatchEvent(Object.assign(new Event('close'), { code }));
	}
}

const reply = (status: number, body: unknown) =>
	Promise.resolve(new Response(JSON.stringify(body), { status }));

function setUp(answer: () => Promise<Response>) {
	vi.stubGlobal('location', { protocol: 'https:', host: 'site.test' });
	const sockets: FakeSocket[] = [];
	const fetcher = vi.fn(answer);
	const c = createGameConsole({
		openUrl: '/api/services/abc/game-console',
		body: () => ({ locale: 'en' }),
		fallback: 'failed',
		fetcher,
		connect: (url) => {
			const socket = new FakeSocket(url);
			sockets.push(socket);
			return socket as unknown as WebSocket;
		},
	});
	return { c, sockets, fetcher };
}

const token = 'A'.repeat(43);
/** Lines are shown on the next paint: a turn of the event loop here. */
const painted = () => new Promise((resolve) => setTimeout(resolve, 0));
const ok = () => reply(200, { url: `/game-console/${token}` });

afterEach(() => vi.unstubAllGlobals());

describe('the game console store', () => {
	it('opens the one-time path on this site and shows output, state and usage', async () => {
		const { c, sockets } = setUp(ok);
		await c.open();
		expect(sockets[0]!.url).toBe(`wss://site.test/game-console/${token}`);
		expect(c.$phase.get()).toBe('connecting');
		sockets[0]!.accept();
		expect(c.$phase.get()).toBe('connected');
		sockets[0]!.frame('console output', ['\u001b[33m[Server] hi\u001b[0m']);
		sockets[0]!.frame('status', ['running']);
		const stats = {
			memory_bytes: 2 ** 30,
			memory_limit_bytes: 2 ** 32,
			cpu_absolute: 12.5,
			network: { rx_bytes: 0, tx_bytes: 0 },
			uptime: 1000,
			state: 'running',
			disk_bytes: 3 * 2 ** 30,
		};
		sockets[0]!.frame('stats', [JSON.stringify(stats)]);
		expect(c.$lines.get()).toEqual([]);
		await painted();
		expect(c.$lines.get().map((line) => line.text)).toEqual(['[Server] hi']);
		expect(c.$state.get()).toBe('running');
		expect(c.$usage.get()).toEqual({
			cpuPercent: 12.5,
			memoryBytes: 2 ** 30,
			memoryLimitBytes: 2 ** 32,
			diskBytes: 3 * 2 ** 30,
		});
	});

	it('keeps the newest lines only', async () => {
		const { c, sockets } = setUp(ok);
		await c.open();
		sockets[0]!.accept();
		for (let i = 0; i < maxLines + 5; i++) sockets[0]!.frame('console output', [`line ${i}`]);
		await painted();
		const lines = c.$lines.get();
		expect(lines).toHaveLength(maxLines);
		expect(lines[0]!.text).toBe('line 5');
		expect(lines.at(-1)!.text).toBe(`line ${maxLines + 4}`);
	});

	it('sends commands in Wings’ frame and brings them back with the arrow keys', async () => {
		const { c, sockets } = setUp(ok);
		await c.open();
		expect(c.send('say early')).toBe(false);
		sockets[0]!.accept();
		expect(c.send('  say hi ')).toBe(true);
		expect(c.send('op kari')).toBe(true);
		expect(c.send('   ')).toBe(false);
		expect(sockets[0]!.sent).toEqual([
			JSON.stringify({ event: 'send command', args: ['say hi'] }),
			JSON.stringify({ event: 'send command', args: ['op kari'] }),
		]);
		expect(c.recall(-1)).toBe('op kari');
		expect(c.recall(-1)).toBe('say hi');
		expect(c.recall(-1)).toBe('say hi');
		expect(c.recall(1)).toBe('op kari');
		expect(c.recall(1)).toBe('');
	});

	it('says why a command was refused, and why the console closed', async () => {
		const { c, sockets } = setUp(ok);
		await c.open();
		sockets[0]!.accept();
		sockets[0]!.frame('command refused', ['not_running']);
		expect(c.$notice.get()).toEqual({ kind: 'refused', refusal: 'not_running' });
		sockets[0]!.frame('command refused', ['anything else']);
		expect(c.$notice.get()).toEqual({ kind: 'refused', refusal: 'not_running' });
		sockets[0]!.finish(4003);
		expect(c.$phase.get()).toBe('closed');
		expect(c.$notice.get()).toEqual({ kind: 'ended', ending: 'suspended' });
	});

	it('shows the site’s refusal, in its words, and reconnects afresh', async () => {
		const { c, sockets, fetcher } = setUp(() =>
			reply(409, { error: { code: 'suspended', message: 'This server is suspended' } }),
		);
		await c.open();
		expect(c.$phase.get()).toBe('failed');
		expect(c.$notice.get()).toEqual({ kind: 'message', text: 'This server is suspended' });
		expect(sockets).toHaveLength(0);
		fetcher.mockImplementation(ok);
		await c.open();
		sockets[0]!.accept();
		expect(c.$phase.get()).toBe('connected');
		expect(c.$notice.get()).toBeNull();
	});

	it('refuses a path that is not a game console’s', async () => {
		const { c, sockets } = setUp(() => reply(200, { url: 'https://evil.example/x' }));
		await c.open();
		expect(c.$phase.get()).toBe('failed');
		expect(sockets).toHaveLength(0);
	});
});
