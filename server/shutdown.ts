import type { Server } from 'node:http';
import { backgroundSettled, beginShutdown } from '../src/server/http/lifecycle.ts';
import { logger } from '../src/server/log/logger.ts';

/**
 * SIGTERM/SIGINT: stop accepting connections, let requests in flight and background work finish
 * (the billing run sees the shutdown signal, stops between steps and releases its lock), then
 * exit. What outlives the grace period is cut off, so a stuck client cannot hold up a deploy; a
 * server install cut off that way is taken up by the next site server to start (after-start.ts).
 */
export function stopGracefully(
	server: Server,
	graceMs: number,
	exit: (code: number) => void = (code) => process.exit(code),
): (signal: string) => void {
	let stopping = false;
	return (signal) => {
		if (stopping) return;
		stopping = true;
		logger.info('shutting down', { signal, graceMs });
		beginShutdown();
		const deadline = setTimeout(() => {
			logger.warn('grace period over: closing the connections still open');
			server.closeAllConnections();
			exit(1);
		}, graceMs);
		deadline.unref();
		// Keep-alive connections would hold close() open: each is closed once its last answer is out.
		const sweep = setInterval(() => server.closeIdleConnections(), 50);
		sweep.unref();
		server.close(() => {
			clearInterval(sweep);
			// Provisioning started by a payment goes on after its webhook was answered: let it end.
			void backgroundSettled().then(() => {
				clearTimeout(deadline);
				logger.info('stopped');
				exit(0);
			});
		});
		server.closeIdleConnections();
	};
}
