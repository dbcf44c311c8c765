import { describe, expect, it } from 'vitest';
import type { Readiness } from './readiness';
import { sharedReadiness } from './shared';

// The public route's run is shared for 5 s, so polling it fast never multiplies the backend calls.

const ready: Readiness = {
	status: 'ready',
	checks: {
		database: { ok: true, ms: 1 },
		gateway: { ok: true, ms: 1, kind: 'test' },
		gamePanel: { ok: true, ms: 1, kind: 'simulated' },
		hypervisor: { ok: true, ms: 1, kind: 'simulated' },
		mailer: { ok: true, ms: 1 },
	},
};

function counted() {
	const runs = { count: 0 };
	const run = () => {
		runs.count += 1;
		return Promise.resolve(ready);
	};
	return { runs, run };
}

describe('sharedReadiness', () => {
	it('runs once for every caller within 5 s of the start, then again', async () => {
		const { runs, run } = counted();
		const env = { SMTP_URL: 'smtp://127.0.0.1:1' };
		await Promise.all([
			sharedReadiness({ now: 10_000, env, run }),
			sharedReadiness({ now: 10_001, env, run }),
		]);
		await sharedReadiness({ now: 14_999, env, run });
		expect(runs.count).toBe(1);
		await sharedReadiness({ now: 15_000, env, run });
		expect(runs.count).toBe(2);
	});

	it('runs afresh when a setting the checks read has changed, and only then', async () => {
		const { runs, run } = counted();
		await sharedReadiness({ now: 50_000, env: { STRIPE_SECRET_KEY: 'a' }, run });
		await sharedReadiness({ now: 50_001, env: { STRIPE_SECRET_KEY: 'b' }, run });
		await sharedReadiness({ now: 50_002, env: { STRIPE_SECRET_KEY: 'b', HOME: '/x' }, run });
		expect(runs.count).toBe(2);
		await sharedReadiness({ now: 50_003, env: { STRIPE_SECRET_KEY: 'b', PROXMOX_URL: 'x' }, run });
		await sharedReadiness({ now: 50_004, env: { STRIPE_SECRET_KEY: 'b', PROXMOX_URL: 'y' }, run });
		expect(runs.count).toBe(4);
	});
});
