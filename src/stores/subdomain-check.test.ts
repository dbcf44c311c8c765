import { describe, expect, it, vi } from 'vitest';
import { checkSubdomain } from './subdomain-check';

const answer = (status: number, body: unknown) =>
	vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify(body), { status }));

describe('checkSubdomain', () => {
	it('refuses what cannot be a label without asking the site', async () => {
		const fetcher = answer(200, {});
		expect(await checkSubdomain(' A-', 'en', fetcher)).toMatchObject({
			state: 'refused',
			code: 'subdomain_invalid',
		});
		expect(await checkSubdomain('ab--cd', 'en', fetcher)).toMatchObject({
			code: 'subdomain_invalid',
		});
		expect(fetcher).not.toHaveBeenCalled();
	});

	it("leaves reserved names and their look-alikes to the site's answer, in its words", async () => {
		const fetcher = answer(422, {
			error: { code: 'subdomain_reserved', message: 'Dieser Name ist reserviert.' },
		});
		expect(await checkSubdomain('Billing-Fr0stnode', 'de', fetcher)).toEqual({
			state: 'refused',
			label: 'billing-fr0stnode',
			code: 'subdomain_reserved',
			message: 'Dieser Name ist reserviert.',
		});
		const [, init] = fetcher.mock.calls[0]!;
		expect(JSON.parse(typeof init?.body === 'string' ? init.body : '')).toEqual({
			subdomain: 'billing-fr0stnode',
			locale: 'de',
		});
	});

	it('says where a free label will be', async () => {
		const fetcher = answer(200, { name: 'mine.play.frostnode.example' });
		expect(await checkSubdomain('mine', 'en', fetcher)).toEqual({
			state: 'available',
			label: 'mine',
			name: 'mine.play.frostnode.example',
		});
	});
});
