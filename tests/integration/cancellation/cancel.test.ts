import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dictionaries, localeCodes } from '../../../src/i18n/index.ts';
import { ids } from '../data-model/personas.ts';
import { startCancelStack, type CancelStack } from './fixture.ts';

// Cancelling and keeping through POST /api/services/{id}/cancel and /keep, as the demo customer
// and the other one, against the local stack and the demo seed: Palworld is active (with an
// unpaid renewal), Minecraft is already set to be cancelled, Rust is suspended; Valheim is the
// other customer's.

let s: CancelStack;
const day = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * day).toISOString();

beforeAll(async () => {
	s = await startCancelStack();
}, 60_000);
afterAll(() => s.p.stack.stop());
beforeEach(() => s.resetLimits());

const row = async (id: string) =>
	(
		await s.p.service
			.from('services')
			.select('status, cancel_at_period_end, cancellation_reason, current_period_end, updated_at')
			.eq('id', id)
			.single()
	).data!;
const events = async (id: string, event: string) =>
	(await s.p.service.from('service_activity').select('id').eq('service_id', id).eq('event', event))
		.data!.length;
const reason = 'We moved to another game.';

describe('cancelling', () => {
	it('refuses a missing or blank reason with the spec’s message in all four languages, changing nothing', async () => {
		const before = await row(ids.palworld);
		for (const locale of localeCodes) {
			const answer = await s.call('cancel', ids.palworld, { body: { reason: ' \n ', locale } });
			expect(answer).toEqual({
				status: 400,
				body: {
					error: {
						code: 'reason_required',
						message: dictionaries[locale]['services.cancel.error.reason_required'],
					},
				},
			});
		}
		const german = await s.call('cancel', ids.palworld, { body: { locale: 'de' } });
		expect(german.body.error).toEqual({
			code: 'reason_required',
			message: 'Kommentare sind erforderlich, um uns zu helfen, unseren Service zu verbessern.',
		});
		expect(await row(ids.palworld)).toEqual(before);
		expect(await events(ids.palworld, 'cancellation_requested')).toBe(0);
	});

	it('marks the server to end at its period’s end, the deletion date; asked again, the same', async () => {
		const id = await s.service(inDays(-10), inDays(20));
		const { current_period_end: end } = await row(id);
		const first = await s.call('cancel', id, { body: { reason, locale: 'en' } });
		const deletionDate = new Date(end).toISOString();
		expect(first).toEqual({ status: 200, body: { cancelAtPeriodEnd: true, deletionDate } });
		expect(await row(id)).toMatchObject({
			status: 'active',
			cancel_at_period_end: true,
			cancellation_reason: reason,
		});
		const again = await s.call('cancel', id, { body: { reason: 'Another reason' } });
		expect(again).toEqual(first);
		expect((await row(id)).cancellation_reason).toBe(reason);
		expect(await events(id, 'cancellation_requested')).toBe(1);
	});

	it('keeps the server: the cancellation is undone, and keeping again changes nothing', async () => {
		const id = await s.service(inDays(-10), inDays(20));
		await s.call('cancel', id, { body: { reason } });
		const kept = await s.call('keep', id, { body: { locale: 'no' } });
		expect(kept).toEqual({ status: 200, body: { cancelAtPeriodEnd: false } });
		expect(await row(id)).toMatchObject({ cancel_at_period_end: false, cancellation_reason: null });
		expect(await s.call('keep', id)).toEqual(kept);
		expect(await events(id, 'kept')).toBe(1);
	});

	it('cancels a suspended server too (it has not ended), and keeps it', async () => {
		const answer = await s.call('cancel', ids.rust, { body: { reason } });
		expect(answer.status).toBe(200);
		expect((await s.call('keep', ids.rust)).status).toBe(200);
		expect(await row(ids.rust)).toMatchObject({ status: 'suspended', cancel_at_period_end: false });
	});

	it('answers 409 not_active for a cancelled or terminated server, changing nothing', async () => {
		const terminated = await s.service(inDays(-40), inDays(-10), { status: 'terminated' });
		const ended = await s.service(inDays(-40), inDays(-10), {
			status: 'cancelled',
			cancel_at_period_end: true,
			cancellation_reason: 'Done',
		});
		for (const id of [terminated, ended]) {
			const before = await row(id);
			for (const action of ['cancel', 'keep'] as const) {
				const answer = await s.call(action, id, { body: { reason, locale: 'da' } });
				expect(answer.status, `${action} ${before.status}`).toBe(409);
				expect(answer.body.error).toEqual({
					code: 'not_active',
					message: dictionaries.da['services.cancel.error.not_active'],
				});
			}
			expect(await row(id)).toEqual(before);
		}
	});
});

describe('another customer’s server, a missing one, a malformed id', () => {
	it('answers 404 alike for cancel, keep and the read, and changes nothing', async () => {
		const before = [await row(ids.palworld), await row(ids.minecraft)];
		const cases = [
			[s.tokens.other, ids.palworld],
			[s.tokens.other, ids.minecraft],
			[s.tokens.owner, ids.valheim],
			[s.tokens.owner, '00000000-0000-4000-8000-000000000000'],
			[s.tokens.owner, "1' or '1'='1"],
		] as const;
		for (const [token, id] of cases) {
			for (const action of ['cancel', 'keep', 'read'] as const) {
				const answer = await s.call(action, id, { token, body: { reason, locale: 'en' } });
				expect(answer.status, `${action} ${id}`).toBe(404);
				expect(answer.body.error?.code).toBe('not_found');
			}
		}
		expect([await row(ids.palworld), await row(ids.minecraft)]).toEqual(before);
		expect((await row(ids.valheim)).cancel_at_period_end).toBe(false);
	});

	it('answers 401 to a caller who is not signed in', async () => {
		for (const action of ['cancel', 'keep', 'read'] as const)
			expect((await s.call(action, ids.palworld, { token: null, body: { reason } })).status).toBe(
				401,
			);
	});
});

describe('the rate limit', () => {
	it('allows 20 changes per customer in five minutes, then answers 429 with Retry-After', async () => {
		for (let i = 0; i < 20; i++) expect((await s.call('keep', ids.palworld)).status).toBe(200);
		const refused = await s.call('keep', ids.palworld);
		expect(refused.status).toBe(429);
		expect(refused.body.error?.code).toBe('rate_limited');
		// The other customer has a budget of their own.
		expect((await s.call('keep', ids.valheim, { token: s.tokens.other })).status).toBe(200);
	});
});
