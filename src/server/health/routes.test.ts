import type { APIContext } from 'astro';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GET as health } from '../../pages/api/health';
import { GET as ready } from '../../pages/api/ready';
import type { Readiness } from './readiness';

// The two routes only wire: liveness asks nothing, readiness answers the shared run's result with
// 200 or 503. What the run finds is readiness.test.ts' and the integration tests' business.

const shared = vi.hoisted(() => ({ result: undefined as Readiness | undefined, calls: 0 }));
vi.mock('./shared', () => ({
	sharedReadiness: () => {
		shared.calls += 1;
		return Promise.resolve(shared.result);
	},
}));
afterEach(() => {
	shared.calls = 0;
});

const context = {} as APIContext;
const part = { ok: true, ms: 3 };
const result = (mailerOk: boolean): Readiness => ({
	status: mailerOk ? 'ready' : 'unready',
	checks: {
		database: part,
		gateway: { ...part, kind: 'test' },
		gamePanel: { ...part, kind: 'simulated' },
		hypervisor: { ...part, kind: 'simulated' },
		mailer: mailerOk ? part : { ok: false, ms: 3, error: 'SMTP_URL is not set' },
	},
});

function expectUncachedJson(response: Response) {
	expect(response.headers.get('content-type')).toMatch(/^application\/json/);
	expect(response.headers.get('cache-control')).toBe('no-store');
}

describe('GET /api/health', () => {
	it('answers 200 {"status":"ok"} without asking any backend', async () => {
		const response = await health(context);
		expect(response.status).toBe(200);
		expect(await response.text()).toBe('{"status":"ok"}');
		expectUncachedJson(response);
		expect(shared.calls).toBe(0);
	});
});

describe('GET /api/ready', () => {
	it('answers 200 with the checks when every part is up', async () => {
		shared.result = result(true);
		const response = await ready(context);
		expect(response.status).toBe(200);
		expect(await response.json()).toEqual(result(true));
		expectUncachedJson(response);
	});

	it('answers 503 with the checks when a part is down', async () => {
		shared.result = result(false);
		const response = await ready(context);
		expect(response.status).toBe(503);
		expect(await response.json()).toEqual(result(false));
		expectUncachedJson(response);
	});
});
