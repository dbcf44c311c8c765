import { describe, expect, it } from 'vitest';
import { ModpackConfigError } from './errors';
import { readModpackConfig } from './config';
import { CallBudget, retryAfterMs } from './modrinth-budget';

describe('readModpackConfig', () => {
	it('is the embedded catalogue by default, and ignores Modrinth settings then', () => {
		expect(readModpackConfig({})).toEqual({ kind: 'embedded' });
		expect(readModpackConfig({ MODRINTH_USER_AGENT: 'node' })).toEqual({ kind: 'embedded' });
	});

	it('reads Modrinth with its default URL and a User-Agent naming the shop and its contact', () => {
		expect(
			readModpackConfig({ MODPACK_SOURCE: 'modrinth', SELLER_EMAIL: 'drift@nordlys.example' }),
		).toEqual({
			kind: 'modrinth',
			apiUrl: 'https://api.modrinth.com/v2',
			userAgent: expect.stringMatching(
				/^frostnode\/shop\/\d+\.\d+\.\d+ \(drift@nordlys\.example\)$/,
			),
		});
		expect(
			readModpackConfig({
				MODPACK_SOURCE: 'modrinth',
				MODRINTH_API_URL: 'http://127.0.0.1:8080/v2/',
				MODRINTH_USER_AGENT: 'nordlys/shop/2.1 (https://nordlys.example/contact)',
			}),
		).toEqual({
			kind: 'modrinth',
			apiUrl: 'http://127.0.0.1:8080/v2',
			userAgent: 'nordlys/shop/2.1 (https://nordlys.example/contact)',
		});
	});

	it('names every problem at once', () => {
		const read = () =>
			readModpackConfig({
				MODPACK_SOURCE: 'modrinth',
				MODRINTH_API_URL: 'http://api.modrinth.com/v2',
				MODRINTH_USER_AGENT: 'okhttp/4.9.3',
			});
		expect(read).toThrow(ModpackConfigError);
		expect(read).toThrow(/https:\/\/ except on loopback; .*okhttp\/4\.9\.3" is an HTTP library's/);
		expect(() => readModpackConfig({ MODPACK_SOURCE: 'curseforge' })).toThrow(
			'MODPACK_SOURCE must be embedded or modrinth, not "curseforge"',
		);
		for (const agent of [
			'frostnode/shop/1.0',
			'Frostnode (ops@frostnode.example)',
			'ab\u0007cd/1 (x@y.z)',
		])
			expect(() =>
				readModpackConfig({ MODPACK_SOURCE: 'modrinth', MODRINTH_USER_AGENT: agent }),
			).toThrow(ModpackConfigError);
	});
});

describe('retryAfterMs', () => {
	const headers = (values: Record<string, string>) => new Headers(values);
	it('takes Retry-After first, in seconds or as a date, then the longer of the reset and the description', () => {
		expect(retryAfterMs(headers({ 'Retry-After': '7', 'X-Ratelimit-Reset': '30' }))).toBe(7000);
		expect(
			retryAfterMs(headers({ 'Retry-After': new Date(Date.now() + 3_600_000).toUTCString() })),
		).toBeGreaterThan(3_000_000);
		expect(
			retryAfterMs(
				headers({ 'X-Ratelimit-Reset': '0' }),
				'rate limit exceeded; retry after 1500 milliseconds',
			),
		).toBe(1500);
		expect(retryAfterMs(headers({ 'X-Ratelimit-Reset': '12' }))).toBe(12_000);
		expect(retryAfterMs(headers({}))).toBeNull();
	});
});

describe('CallBudget', () => {
	it('allows max calls in a sliding window and says when the next one may be made', () => {
		let now = 0;
		const budget = new CallBudget({ max: 3, windowMs: 60_000, now: () => now });
		expect([budget.take(), budget.take()].every((t) => t.ok)).toBe(true);
		now = 40_000;
		expect(budget.take().ok).toBe(true);
		expect(budget.take()).toEqual({ ok: false, retryAfterMs: 20_000 });
		now = 60_000;
		expect(budget.take().ok).toBe(true);
		budget.pause(5_000);
		expect(budget.take()).toEqual({ ok: false, retryAfterMs: 5_000 });
	});
});
