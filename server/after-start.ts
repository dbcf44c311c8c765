import { request, type Server } from 'node:http';
import { processToken } from '../src/server/http/lifecycle.ts';
import { siteOrigin } from '../src/server/config/site-origin.ts';
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
	try {
		const status = await postToSelf(any ? '127.0.0.1' : bound.address, bound.port);
		if (status !== 202) logger.error('start-up work refused', { status });
	} catch (error) {
		logger.error('start-up work could not be asked for', { error });
	}
}

// node:http rather than fetch: the request must name the site's public host, or the host guard
// would refuse it as misdirected (fetch does not let a caller set Host).
function postToSelf(address: string, port: number): Promise<number | undefined> {
	return new Promise((resolve, reject) => {
		const asked = request(
			{
				host: address,
				port,
				method: 'POST',
				path: '/api/internal/after-start',
				headers: { Host: new URL(siteOrigin()).host, 'X-Process-Token': processToken() },
			},
			(response) => {
				response.resume();
				resolve(response.statusCode);
			},
		);
		asked.on('error', reject);
		asked.end();
	});
}
