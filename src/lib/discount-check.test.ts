import { describe, expect, it, vi } from 'vitest';
import { checkDiscountCode } from './discount-check';

const backend = { url: 'http://backend.test', anonKey: 'anon-key' };
const answer = (status: number, body: unknown) =>
	vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status }));

describe('checkDiscountCode', () => {
	it('asks the RPC with the anon key and returns the percentage', async () => {
		const fetcher = answer(200, 25);
		expect(await checkDiscountCode(' SP25 ', backend, fetcher)).toEqual({ ok: true, percent: 25 });
		const [url, init] = fetcher.mock.calls[0] as [string, RequestInit];
		expect(url).toBe('http://backend.test/rest/v1/rpc/discount_code_percent');
		expect(JSON.parse(init.body as string)).toEqual({ code: 'SP25' });
		expect((init.headers as Record<string, string>).apikey).toBe('anon-key');
	});

	it('treats null as an unknown code and a failure as unavailable', async () => {
		expect(await checkDiscountCode('NOPE', backend, answer(200, null))).toEqual({
			ok: false,
			reason: 'unknown',
		});
		expect(await checkDiscountCode('SP25', backend, answer(503, {}))).toEqual({
			ok: false,
			reason: 'unavailable',
		});
		expect(
			await checkDiscountCode('SP25', backend, vi.fn().mockRejectedValue(new TypeError('offline'))),
		).toEqual({ ok: false, reason: 'unavailable' });
	});

	it('does not send what cannot be a code', async () => {
		const fetcher = answer(200, 25);
		expect(await checkDiscountCode('<script>', backend, fetcher)).toEqual({
			ok: false,
			reason: 'unknown',
		});
		expect(fetcher).not.toHaveBeenCalled();
	});
});
