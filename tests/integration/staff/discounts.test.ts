import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Actions from '../../../src/server/staff/discounts/actions.ts';
import type * as Queries from '../../../src/server/staff/discounts/queries.ts';
import type { StaffOutcome, StaffRequest } from '../../../src/server/staff/write.ts';
import { startProductStack, type Personas } from '../data-model/personas.ts';

// Discount codes made and ended from the console, without SQL: each refusal changes nothing and
// leaves no audit entry; a code's uses are the orders place_order stored with it.

let p: Personas;
let a: typeof Actions;
let q: typeof Queries;
let admin: StaffRequest<object>['admin'];
const staff = { id: '5a5a5a5a-0000-4000-8000-000000000001', email: 'staff@frostnode.example' };

beforeAll(async () => {
	p = await startProductStack();
	Object.assign(process.env, {
		PUBLIC_SUPABASE_URL: p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
	});
	admin = (await import('../../../src/server/supabase/admin-client.ts')).adminClient()!;
	a = await import('../../../src/server/staff/discounts/actions.ts');
	q = await import('../../../src/server/staff/discounts/queries.ts');
}, 60_000);
afterAll(() => p.stack.stop());

function request<T extends object>(body: T): StaffRequest<T> {
	return { staff, admin, locale: 'en', body, origin: 'http://site.test' };
}

const base = {
	code: 'winter-26',
	percent: 15,
	validFrom: '2026-01-01T00:00:00Z',
	validUntil: null,
	maxUses: 50,
	firstInvoiceOnly: true,
};

const allCodes = async () => (await admin.from('discount_codes').select('*').order('code')).data;

async function expectRefused(run: () => Promise<StaffOutcome>, code: string) {
	const before = await allCodes();
	const outcome = await run();
	expect(outcome.audit).toBeUndefined();
	expect(outcome.body).toMatchObject({ error: { code } });
	expect(await allCodes()).toEqual(before);
}

describe('a new discount code', () => {
	it('is created in capitals with one audit entry, and a second one of that code is refused', async () => {
		const made = await a.createDiscount(request(base));
		expect(made.status).toBe(201);
		expect(made.audit).toMatchObject({
			action: 'discount_created',
			customerId: null,
			subject: 'discount:WINTER-26',
			before: null,
			after: { code: 'WINTER-26', percent: 15, max_uses: 50, uses: 0 },
		});
		expect((await admin.rpc('discount_code_percent', { code: 'winter-26' })).data).toBe(15);
		await expectRefused(() => a.createDiscount(request(base)), 'duplicate');
	});

	it('refuses a bad format, 0 or more than 100 per cent, a window ending before it starts', async () => {
		await expectRefused(() => a.createDiscount(request({ ...base, code: 'NO' })), 'code_format');
		await expectRefused(
			() => a.createDiscount(request({ ...base, code: 'SALE 10' })),
			'code_format',
		);
		for (const percent of [0, 100.5, -5, 12.345])
			await expectRefused(
				() => a.createDiscount(request({ ...base, code: 'PCT', percent })),
				'percent',
			);
		await expectRefused(
			() =>
				a.createDiscount(
					request({ ...base, code: 'BACKWARDS', validUntil: '2025-12-31T00:00:00Z' }),
				),
			'window',
		);
		await expectRefused(
			() => a.createDiscount(request({ ...base, code: 'LIMIT', maxUses: 0 })),
			'max_uses',
		);
	});
});

describe('uses and expiry', () => {
	it('lists the orders that used a code, and expiring ends it without deleting it', async () => {
		await a.createDiscount(request({ ...base, code: 'SPRING', percent: 20 }));
		const placed = await admin.rpc('place_order', {
			customer: (await p.owner.auth.getUser()).data.user!.id,
			idempotency_key: 'discount-use-1',
			service: {
				product_type: 'game',
				location: 'oslo',
				game: 'palworld',
				plan_id: 'palworld-standard',
				tier: 'standard',
				ram_gb: 8,
				storage_gb: 25,
				billing_cycle: 'monthly',
			},
			amounts: {
				currency: 'EUR',
				subtotal: 1000,
				discount: 200,
				discount_code: 'SPRING',
				discount_percent: 20,
				tax_rate: 25,
				tax: 200,
				total: 1000,
			},
			billing: {
				name: 'Demo Kunde',
				address: 'Gate 1',
				postcode: '0150',
				city: 'Oslo',
				country: 'NO',
			},
			description: 'Palworld server',
			line: {
				kind: 'plan',
				plan: 'palworld-standard',
				tier: 'standard',
				ramGb: 8,
				cycle: 'monthly',
			},
			payment_method: 'card',
		});
		expect(placed.error).toBeNull();
		expect((await q.discountCode(admin, 'SPRING'))!.uses).toBe(1);
		const uses = await q.discountUses(admin, 'SPRING');
		expect(uses).toHaveLength(1);
		expect(uses[0]).toMatchObject({ discount: 200, currency: 'EUR' });

		const now = new Date();
		const expired = await a.expireDiscount(request({}), 'spring', now);
		expect(expired.audit).toMatchObject({ action: 'discount_expired', subject: 'discount:SPRING' });
		expect((await admin.rpc('discount_code_percent', { code: 'SPRING' })).data).toBeNull();
		const kept = await q.discountCode(admin, 'SPRING');
		expect(kept).toMatchObject({ uses: 1, valid_until: expect.any(String) });
		expect(q.isRedeemable(kept!, now)).toBe(false);
		await expectRefused(() => a.expireDiscount(request({}), 'SPRING'), 'already_expired');
		await expectRefused(() => a.expireDiscount(request({}), 'NOPE'), 'not_found');
	});

	it('ends a code that has not begun yet', async () => {
		await a.createDiscount(request({ ...base, code: 'LATER', validFrom: '2099-01-01T00:00:00Z' }));
		const done = await a.expireDiscount(request({}), 'LATER');
		expect(done.status).toBe(200);
		expect(q.isRedeemable((await q.discountCode(admin, 'LATER'))!, new Date('2099-06-01'))).toBe(
			false,
		);
	});
});
