import { createServer } from 'node:net';

// Free loopback ports for the site servers, asked of the system (listen on 0), never one of the
// fixed ports other runs use even when it happens to be free at this moment.

/** `npm start`, the browser tests' site and backend, the bench's site and checkout bench. */
const reserved = new Set([4321, 4391, 4392, 4394, 54321, 54324, 54325, 55421, 55424, 55425]);

export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = createServer();
		probe.once('error', reject);
		probe.listen(0, '127.0.0.1', () => {
			const address = probe.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			probe.close(() => resolve(port));
		});
	});
}

export async function freePorts(count: number): Promise<number[]> {
	const ports: number[] = [];
	while (ports.length < count) {
		const port = await freePort();
		if (!reserved.has(port) && !ports.includes(port)) ports.push(port);
	}
	return ports;
}
