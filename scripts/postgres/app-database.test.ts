import { createServer, type Server } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { portIsFree } from './app-database.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

it('calls a port someone listens on on loopback taken', async () => {
	server = createServer();
	const port = await new Promise<number>((done) =>
		server?.listen(0, '127.0.0.1', () => {
			const address = server?.address();
			done(typeof address === 'object' && address ? address.port : 0);
		}),
	);
	expect(port).toBeGreaterThan(0);
	expect(await portIsFree(port)).toBe(false);
});
