import type { User } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Actions from '../../../src/server/staff/services/actions.ts';
import type * as Cancel from '../../../src/server/staff/services/cancel.ts';
import type * as Provisioning from '../../../src/server/staff/services/provisioning.ts';
import type * as Extend from '../../../src/server/staff/services/extend.ts';
import type * as ServerActions from '../../../src/server/servers/actions.ts';
import type * as Queries from '../../../src/server/servers/queries.ts';
import type { StaffOutcome, StaffRequest } from '../../../src/server/staff/write.ts';
import { origin, startBillingStack, type BillingStack } from '../billing/fixture.ts';
import { demo } from '../data-model/personas.ts';
import { messages } from '../local-stack/helpers.ts';

// Each staff action on a server goes through the billing run's and the customer's own functions
// (moveService, requestCancellation, provision / giveUp): on the simulated panel, as the site
// runs by default. A change answers with exactly one audit entry; a refusal with none, unchanged.

let b: BillingStack;
let owner: User;
let a: typeof Actions;
let c: typeof Cancel;
let prov: typeof Provisioning;
let ext: typeof Extend;
let server: typeof ServerActions;
let queries: typeof Queries;
const staff = { id: '5a5a5a5a-0000-4000-8000-000000000001', email: 'staff@frostnode.example' };

beforeAll(async () => {
	b = await startBillingStack({ panel: 'simulated' });
	a = await import('../../../src/server/staff/services/actions.ts');
	c = await import('../../../src/server/staff/services/cancel.ts');
	prov = await import('../../../src/server/staff/services/provisioning.ts');
	ext = await import('../../../src/server/staff/services/extend.ts');
	server = await import('../../../src/server/servers/actions.ts');
	queries = await import('../../../src/server/servers/queries.ts');
	owner = (await b.p.owner.auth.getUser()).data.user!;
}, 60_000);
afterAll(() => b.stop());

function request<T extends object>(body: T): StaffRequest<T> {
	return { staff, admin: b.admin, locale: 'en', body, origin };
}

const service = async (id: string) =>
	(await b.admin.from('services').select('*').eq('id', id).single()).data!;

/** A refusal: its code, no audit entry, and the row exactly as before. */
async function expectRefused(id: string, run: () => Promise<StaffOutcome>, code: string) {
	const before = await service(id);
	const outcome = await run();
	expect(outcome.audit).toBeUndefined();
	expect(outcome.body).toMatchObject({ error: { code } });
	expect(await service(id)).toEqual(before);
}

const future = () => ['2026-11-20T12:00:00Z', '2099-12-20T12:00:00Z'] as const;

describe('staff suspension', () => {
	it('suspends with a reason the customer reads, refuses power, survives a paid renewal, and lifts', async () => {
		const id = await b.activeService(...future());
		const done = await a.suspendService(request({ reason: 'Abuse report 42' }), id);
		expect(done.status).toBe(200);
		expect(done.audit).toMatchObject({
			action: 'service_suspended',
			customerId: owner.id,
			subject: `service:${id}`,
		});
		expect(await service(id)).toMatchObject({
			status: 'suspended',
			suspended_by: 'staff',
			suspension_reason: 'Abuse report 42',
		});
		const seen = await queries.serverDetail(b.p.owner, owner.id, id);
		expect(seen).toMatchObject({ status: 'suspended', staffSuspension: 'Abuse report 42' });
		expect(await server.powerServer(b.admin, owner, id, 'start')).toBe('suspended');
		// Mailed in the language of the customer's profile (the demo customer's is Norwegian).
		const [mail] = (await messages(b.p.stack)).filter((m) => m.to.includes(demo.email));
		expect(mail!.subject).toBe('Serveren din er suspendert');
		expect(mail!.text).toContain('Abuse report 42');
		expect(mail!.text).toContain(`${origin}/no/panel/game-servers/servers/${id}`);

		// The billing run's unsuspend after a paid renewal leaves a staff suspension alone.
		const { moveService } = await import('../../../src/server/billing/host-steps.ts');
		const s = await service(id);
		expect(await moveService(b.admin, s, 'active', new Date())).toBe(false);
		expect(await service(id)).toMatchObject({ status: 'suspended', suspended_by: 'staff' });
		const { getGamePanel } = await import('../../../src/server/game-panel/index.ts');
		const ref = { panelServerId: Number(s.panel_server_id), identifier: s.panel_identifier! };
		expect((await getGamePanel().state(ref)).state).toBe('suspended');

		await expectRefused(
			id,
			() => a.suspendService(request({ reason: 'again' }), id),
			'already_suspended',
		);
		const lifted = await a.unsuspendService(request({}), id);
		expect(lifted.audit).toMatchObject({ action: 'service_unsuspended', subject: `service:${id}` });
		expect(await service(id)).toMatchObject({
			status: 'active',
			suspended_by: null,
			suspension_reason: null,
		});
		expect(await server.powerServer(b.admin, owner, id, 'start')).toMatchObject({ live: {} });
		const [newest] = (await messages(b.p.stack)).filter((m) => m.to.includes(demo.email));
		expect(newest!.subject).toBe('Serveren din er ikke lenger suspendert');
	});

	it('refuses a missing reason, an ended server and lifting one that is not suspended', async () => {
		const id = await b.activeService(...future());
		await expectRefused(
			id,
			() => a.suspendService(request({ reason: '  ' }), id),
			'reason_required',
		);
		await expectRefused(id, () => a.unsuspendService(request({}), id), 'not_suspended');
		await b.admin.from('services').update({ status: 'terminated' }).eq('id', id);
		await expectRefused(id, () => a.suspendService(request({ reason: 'x' }), id), 'ended');
		const missing = '00000000-0000-4000-8000-000000000000';
		expect((await a.suspendService(request({ reason: 'x' }), missing)).status).toBe(404);
	});
});

describe('staff cancellation', () => {
	it('cancels at period end once, through the customer’s own request', async () => {
		const id = await b.activeService(...future());
		const done = await c.cancelService(
			request({ when: 'period_end', reason: 'Asked by phone' }),
			id,
		);
		expect(done.audit).toMatchObject({ action: 'service_cancelled_at_period_end' });
		expect(await service(id)).toMatchObject({
			status: 'active',
			cancel_at_period_end: true,
			cancellation_reason: 'Asked by phone',
		});
		const mail = (await messages(b.p.stack)).find(
			(m) => m.to.includes(demo.email) && m.subject === 'Serveren din blir avsluttet',
		);
		expect(mail!.text).toContain('20. des. 2099');
		await expectRefused(
			id,
			() => c.cancelService(request({ when: 'period_end', reason: 'again' }), id),
			'already_cancelling',
		);
	});

	it('cancels at once: the billing run’s end of a cancellation; a second time is refused', async () => {
		const id = await b.activeService(...future());
		const done = await c.cancelService(request({ when: 'now', reason: 'Fraud' }), id);
		expect(done.audit).toMatchObject({ action: 'service_cancelled_now', customerId: owner.id });
		expect(await service(id)).toMatchObject({ status: 'cancelled', cancel_at_period_end: true });
		const mail = (await messages(b.p.stack)).find(
			(m) => m.to.includes(demo.email) && m.subject === 'Serveren din er slettet',
		);
		expect(mail!.text).toContain('Fraud');
		await expectRefused(
			id,
			() => c.cancelService(request({ when: 'now', reason: 'x' }), id),
			'ended',
		);
	});
});

describe('stuck provisioning', () => {
	it('refuses a service that is not stuck, gives up with a ticket, and retries', async () => {
		const id = await b.activeService(...future());
		await expectRefused(
			id,
			() => prov.moveProvisioning(request({ outcome: 'retry' }), id),
			'not_stuck',
		);
		await b.admin.from('services').update({ status: 'provisioning' }).eq('id', id);
		await expectRefused(
			id,
			() => prov.moveProvisioning(request({ outcome: 'give_up' }), id),
			'not_stuck',
		);
		const later = new Date(Date.now() + 3_600_000);
		const gaveUp = await prov.moveProvisioning(request({ outcome: 'give_up' }), id, later);
		expect(gaveUp.audit).toMatchObject({ action: 'provisioning_abandoned' });
		expect(await service(id)).toMatchObject({ provisioning_error: prov.staffGaveUp });
		const { data: tickets } = await b.admin.from('tickets').select('id').eq('service_id', id);
		expect(tickets).toHaveLength(1);
		await expectRefused(
			id,
			() => prov.moveProvisioning(request({ outcome: 'give_up' }), id),
			'already_given_up',
		);
		const retried = await prov.moveProvisioning(request({ outcome: 'retry' }), id);
		expect(retried.audit).toMatchObject({ action: 'provisioning_retried' });
		expect((await service(id)).provisioning_error).toBeNull();
	});
});

describe('goodwill days', () => {
	it('moves the due date forward and refuses days outside 1–90', async () => {
		const id = await b.activeService('2026-11-20T12:00:00Z', '2099-12-20T12:00:00Z');
		const done = await ext.extendService(request({ days: 10, reason: 'Outage' }), id);
		expect(done.audit).toMatchObject({ action: 'days_extended', after: { days: 10 } });
		expect(new Date((await service(id)).current_period_end!).toISOString()).toBe(
			'2099-12-30T12:00:00.000Z',
		);
		const mail = (await messages(b.p.stack)).find(
			(m) => m.to.includes(demo.email) && m.subject === 'Ekstra dager på serveren din',
		);
		expect(mail!.text).toContain('10 ekstra dager');
		expect(mail!.text).toContain('30. des. 2099');
		for (const days of [0, 91, 2.5])
			await expectRefused(
				id,
				() => ext.extendService(request({ days, reason: 'x' }), id),
				'days_out_of_range',
			);
		await expectRefused(
			id,
			() => ext.extendService(request({ days: 3, reason: '' }), id),
			'reason_required',
		);
	});
});

describe('what customers cannot do', () => {
	it('cannot cancel another customer’s server by naming its owner, nor call the staff functions', async () => {
		const { ids } = await import('../data-model/personas.ts');
		const valheim = await service(ids.valheim);
		const asked = await b.p.owner.rpc('request_cancellation', {
			service_id: ids.valheim,
			reason: 'not mine',
			owner: valheim.user_id,
		});
		expect(asked.error?.message).toBe('service_not_found');
		expect(await service(ids.valheim)).toEqual(valheim);
		const days = await b.p.owner.rpc('extend_service_days', { service: ids.valheim, days: 30 });
		expect(days.error?.code).toBe('42501');
		const state = await b.p.owner.rpc('set_service_billing_state', {
			service: ids.valheim,
			state: 'active',
			at: new Date().toISOString(),
			staff: owner.id,
			reason: 'x',
		});
		expect(state.error?.code).toBe('42501');
	});
});

describe('the console’s list', () => {
	it('finds servers by name, address and id, and those stuck in set-up', async () => {
		const q = await import('../../../src/server/staff/services/queries.ts');
		const { ids } = await import('../data-model/personas.ts');
		const named = await q.listServices(b.admin, { filter: 'all', search: 'Wikinger' });
		expect(named.map((row) => row.id)).toEqual([ids.valheim]);
		const byId = await q.listServices(b.admin, { filter: 'all', search: ids.rust });
		expect(byId.map((row) => row.id)).toEqual([ids.rust]);
		const id = await b.activeService(...future());
		const address = 'play.staff-search.example:25599';
		await b.admin.from('services').update({ panel_address: address }).eq('id', id);
		const byAddress = await q.listServices(b.admin, { filter: 'active', search: address });
		expect(byAddress.map((row) => row.id)).toEqual([id]);
		await b.admin
			.from('services')
			.update({ status: 'provisioning', provisioning_error: 'panel down' })
			.eq('id', id);
		const stuck = await q.listServices(b.admin, { filter: 'stuck', search: '' });
		expect(stuck.map((row) => row.id)).toContain(id);
		expect(stuck.every((row) => row.status === 'provisioning')).toBe(true);
		const suspended = await q.listServices(b.admin, { filter: 'suspended', search: '' });
		expect(suspended.map((row) => row.id)).toContain(ids.rust);
	});
});
