import { randomBytes } from 'node:crypto';

const HOUR_MS = 60 * 60 * 1000;

/** The CRON_SECRET the site is started with: the operator's, or a fresh one for this run. */
export function cronSecret(): string {
	return process.env.CRON_SECRET?.trim() || randomBytes(32).toString('base64url');
}

/**
 * The hourly billing run of `npm start`, through the same endpoint an operator's cron calls: once a
 * minute after start, then every hour. Failures are printed and the next hour tries again.
 */
export function scheduleBilling(siteUrl: string, secret: string): () => void {
	const run = async () => {
		try {
			const response = await fetch(new URL('/api/cron/billing', siteUrl), {
				method: 'POST',
				headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
				body: '{}',
			});
			if (!response.ok)
				console.error(`[billing] hourly run answered ${response.status}: ${await response.text()}`);
		} catch (error) {
			console.error('[billing] hourly run could not reach the site:', error);
		}
	};
	const first = setTimeout(() => void run(), 60_000);
	const hourly = setInterval(() => void run(), HOUR_MS);
	first.unref();
	hourly.unref();
	return () => {
		clearTimeout(first);
		clearInterval(hourly);
	};
}
