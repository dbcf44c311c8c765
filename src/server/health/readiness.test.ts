import { describe, expect, it } from 'vitest';
import type { Check, PartName } from './checks';
import { readiness } from './readiness';

// The composition with stand-in parts: every part is asked, at once, and the answer is unready
// exactly when one part is down, naming that part alone.

const parts: PartName[] = ['database', 'gateway', 'gamePanel', 'hypervisor', 'mailer'];
const kinds: Partial<Record<PartName, string>> = {
	gateway: 'stripe',
	gamePanel: 'pterodactyl',
	hypervisor: 'proxmox',
};

const up = (kind?: string): Check => ({
	...(kind ? { kind } : {}),
	probe: () => Promise.resolve(),
});
const down = (message: string, kind?: string): Check => ({
	...(kind ? { kind } : {}),
	probe: () => Promise.reject(new Error(message)),
});

function checks(change: Partial<Record<PartName, () => Check>> = {}) {
	const all = Object.fromEntries(parts.map((name) => [name, () => up(kinds[name])]));
	return { ...all, ...change } as Record<PartName, () => Check>;
}

describe('readiness', () => {
	it('is ready when every part answers, with each part timed and the kinds named', async () => {
		const result = await readiness(checks(), { env: {} });
		expect(result).toEqual({
			status: 'ready',
			checks: {
				database: { ok: true, ms: expect.any(Number) },
				gateway: { ok: true, ms: expect.any(Number), kind: 'stripe' },
				gamePanel: { ok: true, ms: expect.any(Number), kind: 'pterodactyl' },
				hypervisor: { ok: true, ms: expect.any(Number), kind: 'proxmox' },
				mailer: { ok: true, ms: expect.any(Number) },
			},
		});
	});

	it.each(parts)('is unready when the %s is down, and names only that part', async (name) => {
		const result = await readiness(checks({ [name]: () => down(`${name} refused`, kinds[name]) }), {
			env: {},
		});
		expect(result.status).toBe('unready');
		const failing = Object.entries(result.checks).filter(([, part]) => !part.ok);
		expect(failing).toEqual([
			[
				name,
				{
					ok: false,
					ms: expect.any(Number),
					error: `${name} refused`,
					...(kinds[name] ? { kind: kinds[name] } : {}),
				},
			],
		]);
		for (const [other, part] of Object.entries(result.checks))
			if (other !== name) expect(part).not.toHaveProperty('error');
	});

	it('asks every part at once and gives up on a hung one after the timeout', async () => {
		const started = performance.now();
		const slow = (): Check => ({
			probe: () => new Promise((resolve) => setTimeout(resolve, 40)),
		});
		const hung = (): Check => ({ kind: 'test', probe: () => new Promise(() => {}) });
		const result = await readiness(
			checks({ database: slow, mailer: slow, gamePanel: slow, gateway: hung }),
			{ timeoutMs: 100, env: {} },
		);
		expect(performance.now() - started).toBeLessThan(400);
		expect(result.checks.gateway).toEqual({
			ok: false,
			ms: expect.any(Number),
			error: 'did not answer within 0.1 s',
			kind: 'test',
		});
		expect(result.checks.gateway.ms).toBeGreaterThanOrEqual(95);
		expect(result.checks.database.ok).toBe(true);
		expect(result.checks.database.ms).toBeGreaterThanOrEqual(35);
	});

	it('counts a factory that throws, or a rejection without a message, as that part down', async () => {
		const result = await readiness(
			checks({
				gamePanel: () => {
					throw new Error('PTERODACTYL_EGGS could not be read');
				},
				mailer: () => ({ probe: () => Promise.reject(new Error('')) }),
			}),
			{ env: {} },
		);
		expect(result.status).toBe('unready');
		expect(result.checks.gamePanel).toMatchObject({
			ok: false,
			error: 'PTERODACTYL_EGGS could not be read',
		});
		expect(result.checks.mailer).toMatchObject({ ok: false, error: 'failed' });
		expect(result.checks.gateway.ok).toBe(true);
	});

	it('takes configured secrets out of a reason, and keeps a reason short', async () => {
		const env = { STRIPE_SECRET_KEY: 'sk_live_recognisable0123456789' };
		const result = await readiness(
			checks({
				gateway: () => down(`refused ${env.STRIPE_SECRET_KEY} at once`),
				mailer: () => down('x'.repeat(1_000)),
			}),
			{ env },
		);
		expect(result.checks.gateway.error).toBe('refused [redacted] at once');
		expect(result.checks.mailer.error).toHaveLength(300);
	});
});
