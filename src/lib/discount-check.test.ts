import { describe, expect, it, vi } from 'vitest';
import { checkDiscountCode, discountCheckPath } from './discount-check';

const answer = (status: number, body: unknown) =>
	vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status }));

describe('checkDiscountCode', () => {
	it('asks the site server and returns the percentage', async () => {
		const fetcher = answer(200, { code: 'SP25', percent: 25 });
		expect(await checkDiscountCode(' SP25 ', fetcher)).toEqual({ ok: true, percent: 25 });
		const [url, init] = fetcher.mock.calls[0] as [string, RequestInit];
		expect(url).toBe(discountCheckPath);
		expect(init.method).toBe('POST');
		expect(JSON.parse(init.body as string)).toEqual({ code: 'SP25' });
	});

	it('tells an unknown code, a limit and a failure apart', async () => {
		const unknown = { error: { code: 'unknown_code', message: 'x' } };
		expect(await checkDiscountCode('NOPE', answer(404, unknown))).toEqual({
			ok: false,
			reason: 'unknown',
		});
		expect(await checkDiscountCode('NOPE', answer(429, {}))).toEqual({
			ok: false,
			reason: 'rateLimited',
		});
		expect(await checkDiscountCode('SP25', answer(503, {}))).toEqual({
			ok: false,
			reason: 'unavailable',
		});
		expect(await checkDiscountCode('SP25', answer(200, { percent: 250 }))).toEqual({
			ok: false,
			reason: 'unavailable',
		});
		expect(
			await checkDiscountCode('SP25', vi.fn().mockRejectedValue(new TypeError('offline'))),
		).toEqual({ ok: false, reason: 'unavailable' });
	});

	it('does not send what cannot be a code', async () => {
		const fetcher = answer(200, { percent: 25 });
		expect(await checkDiscountCode('<script>', fetcher)).toEqual({ ok: false, reason: 'unknown' });
		expect(fetcher).not.toHaveBeenCalled();
	});
});
