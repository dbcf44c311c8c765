import type { RawData, WebSocket } from 'ws';
import { consoleCloseCodes } from '../../lib/domain/console-ending.ts';
import { ByteQueue } from '../rfb/byte-queue.ts';
import { acceptViewer, connectAsViewer } from '../rfb/rfb-handshake.ts';

// Joins the customer's browser and the hypervisor's console. The relay does the RFB security
// handshake on both sides itself (rfb-handshake.ts), each in the version that side speaks:
// upstream it answers VNC authentication with the one-time password, to the browser it offers
// security type None. So the page never holds the password or the ticket; after both handshakes
// it copies bytes both ways untouched (what follows is the same in every version). It closes when either
// side does, after `idleMs` without a key press or pointer move from the customer, and when its
// owner calls `end` (the live access check, serve.ts).

function bytesOf(data: RawData): Buffer {
	if (Buffer.isBuffer(data)) return data;
	return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

export interface RelayOptions {
	password: string;
	idleMs: number;
	/** Called once when the session ends, with why. */
	onEnd?: (reason: string) => void;
}

export interface Relay {
	/** Closes both sides, the browser's with `code` and `reason`; later calls do nothing. */
	end(reason: string, code: number): void;
}

export function relay(browser: WebSocket, upstream: WebSocket, options: RelayOptions): Relay {
	const fromUp = new ByteQueue();
	const fromBrowser = new ByteQueue();
	let joined = false;
	let ended = false;
	let idle: NodeJS.Timeout | undefined;
	const end = (reason: string, code = 1000) => {
		if (ended) return;
		ended = true;
		clearTimeout(idle);
		fromUp.fail(new Error(reason));
		fromBrowser.fail(new Error(reason));
		if (browser.readyState <= 1) browser.close(code, reason.slice(0, 100));
		if (upstream.readyState <= 1) upstream.close();
		options.onEnd?.(reason);
	};
	const awake = () => {
		clearTimeout(idle);
		idle = setTimeout(() => end('idle', consoleCloseCodes.idle), options.idleMs);
	};
	awake();

	upstream.on('message', (data) =>
		joined ? browser.send(bytesOf(data)) : fromUp.push(bytesOf(data)),
	);
	browser.on('message', (data) => {
		const bytes = bytesOf(data);
		if (!joined) return fromBrowser.push(bytes);
		// A key (4) or pointer (5) event is the customer at work; update requests are the viewer's.
		if (bytes[0] === 4 || bytes[0] === 5) awake();
		upstream.send(bytes);
	});
	upstream.on('close', () => end('console closed'));
	upstream.on('error', () => end('console unreachable', 1011));
	browser.on('close', () => end('page closed'));
	browser.on('error', () => end('page error'));

	void (async () => {
		await connectAsViewer(
			{ take: (size) => fromUp.take(size), send: (bytes) => upstream.send(bytes) },
			options.password,
		);
		await acceptViewer(
			{ take: (size) => fromBrowser.take(size), send: (bytes) => browser.send(bytes) },
			'none',
		);
		joined = true;
		const early = fromBrowser.drain();
		if (early.length) upstream.send(early);
		const waiting = fromUp.drain();
		if (waiting.length) browser.send(waiting);
	})().catch((error: unknown) =>
		end(error instanceof Error ? error.message : 'handshake failed', 1011),
	);
	return { end };
}
