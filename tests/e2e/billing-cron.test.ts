import { expect, test } from './test';
import { cronSecret } from './secrets';

// POST /api/cron/billing as an operator's cron calls it: only with the bearer CRON_SECRET. A JSON
// body, because the site refuses body-less cross-origin writes (docs/billing.md has the cron line).

test('a billing run starts only with the cron secret, and says what it did', async ({
	request,
}) => {
	const refused = await request.post('/api/cron/billing', {
		headers: { Authorization: 'Bearer not-the-secret' },
		data: {},
	});
	expect(refused.status()).toBe(401);
	expect((await refused.json()).error.code).toBe('unauthenticated');
	const nothing = await request.post('/api/cron/billing', { data: {} });
	expect(nothing.status()).toBe(401);

	const ran = await request.post('/api/cron/billing', {
		headers: { Authorization: `Bearer ${cronSecret}` },
		data: {},
	});
	expect(ran.status()).toBe(200);
	expect(await ran.json()).toMatchObject({ ran: true, failures: [] });
});
