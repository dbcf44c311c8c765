import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ids, other } from '../data-model/personas.ts';
import { startCardsStack, type Answer, type CardsStack } from './fixture.ts';

// Removing saved cards through POST /api/payment-methods/{id}/remove, against the local stack and
// the test gateway. The customer here is the seed's other customer, whose one service (Valheim,
// active) renews: their last card stays until it no longer does.

let s: CardsStack;

beforeAll(async () => {
	s = await startCardsStack();
}, 60_000);
afterAll(() => s.p.stack.stop());

beforeEach(async () => {
	await s.resetLimits();
	await s.p.service.from('payment_methods').delete().eq('user_id', other.id);
	await keepValheim();
});

const keepValheim = () =>
	s.p.service
		.from('services')
		.update({ status: 'active', cancel_at_period_end: false, cancellation_reason: null })
		.eq('id', ids.valheim);

interface Card {
	id: string;
	last4: string;
	isDefault: boolean;
}

async function cards(token = s.tokens.other): Promise<Card[]> {
	const answer = await s.call(s.routes.list, '/api/payment-methods', { token, method: 'GET' });
	return (answer.body as unknown as { methods: Card[] }).methods;
}

/** Adds `count` different cards one after the other; their ids, oldest first. */
async function addCards(count: number): Promise<string[]> {
	const added: string[] = [];
	for (let i = 0; i < count; i++) {
		await s.addCard(s.tokens.other);
		const fresh = (await cards()).find((card) => !added.includes(card.id));
		added.push(fresh!.id);
		// The test gateway has one Visa; renamed, the next one added is another card, not this one.
		await s.p.service
			.from('payment_methods')
			.update({ fingerprint: `another-card-${i}` })
			.eq('id', fresh!.id);
		// created_at tells newest from oldest; a millisecond apart is enough, but make it plain.
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
	return added;
}

const remove = (id: string, token = s.tokens.other): Promise<Answer> =>
	s.call(s.routes.remove, `/api/payment-methods/${id}/remove`, {
		token,
		params: { id },
		body: { locale: 'no' },
	});

describe('removing a saved card', () => {
	it('keeps the only card while a service will renew, and says why', async () => {
		const [only] = await addCards(1);
		const answer = await remove(only!);
		expect(answer.status).toBe(409);
		expect(answer.body.error?.code).toBe('needed_for_renewal');
		expect(answer.body.error?.message).toMatch(/\S/);
		expect((await cards()).map((card) => card.id)).toEqual([only]);
	});

	it('removes the only card once the service ends at the period’s end', async () => {
		const [only] = await addCards(1);
		await s.p.service
			.from('services')
			.update({ cancel_at_period_end: true, cancellation_reason: 'Moving on' })
			.eq('id', ids.valheim);
		expect(await remove(only!)).toEqual({ status: 200, body: { ok: true } });
		expect(await cards()).toEqual([]);
	});

	it('removes a card while another remains', async () => {
		const [first, second] = await addCards(2);
		expect((await remove(second!)).status).toBe(200);
		expect(await cards()).toMatchObject([{ id: first, isDefault: true }]);
	});

	it('passes the default to the newest card left', async () => {
		const [oldest, middle, newest] = await addCards(3);
		expect((await cards()).find((card) => card.isDefault)?.id).toBe(oldest);
		const chosen = await s.call(s.routes.makeDefault, `/api/payment-methods/${middle}/default`, {
			token: s.tokens.other,
			params: { id: middle! },
		});
		expect(chosen.status).toBe(200);
		expect((await remove(middle!)).status).toBe(200);
		expect(await cards()).toMatchObject([
			{ id: newest, isDefault: true },
			{ id: oldest, isDefault: false },
		]);
	});

	it('answers the same 404 for a malformed, a missing and another customer’s card', async () => {
		const [theirs] = await addCards(2);
		const answers = [];
		for (const id of ['x', '00000000-0000-4000-8000-000000000000', theirs!])
			answers.push(await remove(id, s.tokens.owner));
		expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404]);
		expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
		expect(answers[0]!.body.error?.code).toBe('not_found');
		expect(await cards()).toHaveLength(2);
	});

	it('lets only one of two removals at once leave the customer without a card', async () => {
		const [one, two] = await addCards(2);
		const answers = await Promise.all([remove(one!), remove(two!)]);
		expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
		expect(await cards()).toHaveLength(1);
	});

	it('changes nothing when the gateway cannot be reached, and says to try again', async () => {
		const [first, second] = await addCards(2);
		const { getPaymentGateway } = await import('../../../src/server/payments/index.ts');
		const gateway = getPaymentGateway();
		const detach = vi
			.spyOn(gateway, 'detachMethod')
			.mockRejectedValueOnce(new TypeError('fetch failed'));
		const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
		try {
			const answer = await remove(second!);
			expect(answer.status).toBe(503);
			expect(answer.body.error?.code).toBe('unavailable');
			expect((await cards()).map((card) => card.id).sort()).toEqual([first, second].sort());
			expect((await remove(second!)).status).toBe(200);
			expect(detach).toHaveBeenCalledTimes(2);
			expect(detach.mock.calls[1]?.[0]).toMatch(/^tgpm_/);
		} finally {
			detach.mockRestore();
			errors.mockRestore();
		}
	});

	it('never detaches a card the rule keeps', async () => {
		const [only] = await addCards(1);
		const { getPaymentGateway } = await import('../../../src/server/payments/index.ts');
		const detach = vi.spyOn(getPaymentGateway(), 'detachMethod');
		try {
			expect((await remove(only!)).status).toBe(409);
			expect(detach).not.toHaveBeenCalled();
		} finally {
			detach.mockRestore();
		}
	});
});
