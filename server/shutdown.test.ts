import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isShuttingDown } from '../src/server/http/lifecycle.ts';
import { stopGracefully } from './shutdown.ts';

let server: Server | undefined;
afterEach(() => {
	server?.closeAllConnections();
	server?.close();
});

/** A server whose every answer takes `ms`, like a billing run or a slow gateway call. */
async function slowServer(ms: number) {
	server = createServer((_req, res) => {
		setTimeout(() => res.end('done'), ms);
	});
	await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('stopping the site server', () => {
	it('lets requests in flight finish, refuses new ones, then exits cleanly', async () => {
		const url = await slowServer(300);
		const exit = vi.fn();
		const inFlight = fetch(url).then((response) => response.text());
		await new Promise((resolve) => setTimeout(resolve, 50));
		stopGracefully(server!, 5_000, exit)('SIGTERM');
		expect(isShuttingDown()).toBe(true);
		await expect(fetch(url)).rejects.toThrow();
		expect(await inFlight).toBe('done');
		await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
	});

	it('cuts off what outlives the grace period and exits with a failure', async () => {
		const url = await slowServer(10_000);
		const exit = vi.fn();
		const stuck = fetch(url).catch((error: unknown) => error);
		await new Promise((resolve) => setTimeout(resolve, 50));
		stopGracefully(server!, 100, exit)('SIGTERM');
		await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
		expect(await stuck).toBeInstanceOf(Error);
	});
});
