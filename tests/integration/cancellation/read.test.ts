import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../data-model/personas.ts';
import type * as PauseModule from '../../../src/server/billing/pause/pause.ts';
import type { CancelPage } from '../../../src/stores/cancellation.ts';
import { startCancelStack, type CancelStack } from './fixture.ts';

// GET /api/panel/services/{id}/cancel as the demo customer (Norway, 25 % VAT): the server, its
// period, whether a pause can be taken now with its quotes, and the live chat for the offers.

let s: CancelStack;
let pause: typeof PauseModule;

beforeAll(async () => {
	s = await startCancelStack();
	pause = await import('../../../src/server/billing/pause/pause.ts');
}, 60_000);
afterAll(() => s.p.stack.stop());

async function read(id: string): Promise<CancelPage> {
	const answer = await s.call('read', id);
	expect(answer.status).toBe(200);
	return answer.body as unknown as CancelPage;
}

describe('the cancel page’s read', () => {
	it('names the server with its status, cycle and period end', async () => {
		const page = await read(ids.palworld);
		const { data } = await s.p.service
			.from('services')
			.select('current_period_end')
			.eq('id', ids.palworld)
			.single();
		expect(page).toMatchObject({
			service: { id: ids.palworld, type: 'game', game: 'palworld', label: 'Pal island' },
			status: 'active',
			cancelAtPeriodEnd: false,
			periodEnd: new Date(data!.current_period_end).toISOString(),
			billingCycle: 'monthly',
			currency: 'EUR',
			chat: null,
		});
	});

	it('quotes a pause of 1, 2 and 3 months: the fee, VAT, total and the due date it moves to', async () => {
		// Anchored on the 31st: the due date lands on each month's last day, as the pause moves it.
		const id = await s.service('2040-01-31T12:00:00Z', '2040-02-29T12:00:00Z');
		const page = await read(id);
		expect(page.pause).toEqual({
			possible: true,
			refusal: null,
			quotes: [
				{ months: 1, feePerMonth: 100, fee: 100, tax: 25, total: 125, newDueDate: '2040-03-31' },
				{ months: 2, feePerMonth: 100, fee: 200, tax: 50, total: 250, newDueDate: '2040-04-30' },
				{ months: 3, feePerMonth: 100, fee: 300, tax: 75, total: 375, newDueDate: '2040-05-31' },
			],
		});
	});

	it('quotes what the pause endpoint then invoices', async () => {
		const id = await s.service('2040-01-31T12:00:00Z', '2040-02-29T12:00:00Z', { currency: 'NOK' });
		const quotes = (await read(id)).pause.quotes;
		const admin = (await import('../../../src/server/supabase/admin-client.ts')).adminClient()!;
		const owner = (await s.p.owner.auth.getUser()).data.user!;
		const made = await pause.createPauseInvoice(admin, owner.id, id, 2, new Date());
		if (typeof made === 'string') throw new Error(made);
		expect({ total: made.total, currency: made.currency }).toEqual({
			total: quotes[1]!.total,
			currency: 'NOK',
		});
		// Its own unpaid invoice does not refuse the offer: asking again replaces that pause.
		expect((await read(id)).pause).toMatchObject({ possible: true, refusal: null });
	});

	it('says why a pause cannot be taken now, in the pause endpoint’s words', async () => {
		expect((await read(ids.palworld)).pause).toMatchObject({
			possible: false,
			refusal: 'unpaid_invoice',
		});
		const minecraft = await read(ids.minecraft);
		expect(minecraft).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
		expect(minecraft.pause).toMatchObject({ possible: false, refusal: 'cancellation_pending' });
		expect(minecraft.pause.quotes).toHaveLength(3);
		expect((await read(ids.rust)).pause).toMatchObject({ possible: false, refusal: 'suspended' });
		const ended = await s.service('2024-01-01T12:00:00Z', '2024-02-01T12:00:00Z', {
			status: 'terminated',
		});
		expect((await read(ended)).pause).toMatchObject({ possible: false, refusal: 'not_active' });
	});

	it('hands the browser the configured live chat, only its public values', async () => {
		const websiteId = '8f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
		Object.assign(process.env, { LIVE_CHAT: 'crisp', CRISP_WEBSITE_ID: websiteId });
		try {
			expect((await read(ids.palworld)).chat).toEqual({
				provider: 'crisp',
				websiteId,
				scriptUrl: 'https://client.crisp.chat/l.js',
				scriptOrigin: 'https://client.crisp.chat',
			});
			// Half configured: logged, and the offers fall back to tickets instead of failing the page.
			process.env.CRISP_WEBSITE_ID = '';
			const original = console.error;
			console.error = () => undefined;
			try {
				expect((await read(ids.palworld)).chat).toBeNull();
			} finally {
				console.error = original;
			}
		} finally {
			Object.assign(process.env, { LIVE_CHAT: '', CRISP_WEBSITE_ID: '' });
		}
	});
});
