import type { Server } from 'node:http';
import { processToken } from '../src/server/http/lifecycle.ts';
import { logger } from '../src/server/log/logger.ts';

/**
 * Once the server listens: asks its own Astro side (POST /api/internal/after-start, with this
 * process's token) to take up paid servers whose setup a stopped or killed server cut off, so a
 * restart does not leave them waiting for the hourly billing run. Failing here only logs: the
 * billing run still catches them.
 */
export async function afterStart(server: Server): Promise<void> {
	const bound = server.address();
	if (!bound || typeof bound === 'string') return;
	const any = bound.address === '0.0.0.0' || bound.address === '::';
	const host = any ? '127.0.0.1' : bound.address;
	const url = `http://${host.includes(':') ? `[${host}]` : host}:${bound.port}/api/internal/after-start`;
	try {
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'X-Process-Token': processToken() },
		});
		await response.body?.cancel();
		if (response.status !== 202) logger.error('start-up work refused', { status: response.status });
	} catch (error) {
		logger.error('start-up work could not be asked for', { error });
	}
}
