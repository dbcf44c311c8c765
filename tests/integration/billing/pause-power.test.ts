import type { User } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as PauseModule from '../../../src/server/billing/pause/pause.ts';
import type * as FulfilmentModule from '../../../src/server/billing/payment-events/handle.ts';
import type * as GamePanelModule from '../../../src/server/game-panel/index.ts';
import type * as QueriesModule from '../../../src/server/servers/queries.ts';
import type { Personas } from '../data-model/personas.ts';
import { origin, startBillingStack, type BillingStack } from './fixture.ts';

// Issue 27 item 9: a server that was running before its pause was left offline after resuming.
// On the simulated panel (the site's default) with no delay: a start is running when next asked.

let b: BillingStack;
let p: Personas;
let owner: User;
let pause: typeof PauseModule;
let queries: typeof QueriesModule;
let handlePaymentEvent: typeof FulfilmentModule.handlePaymentEvent;
let getGamePanel: typeof GamePanelModule.getGamePanel;
const asked = new Date('2027-02-10T10:00:00Z');

beforeAll(async () => {
	b = await startBillingStack({ panel: 'simulated' });
	({ p } = b);
	pause = await import('../../../src/server/billing/pause/pause.ts');
	queries = await import('../../../src/server/servers/queries.ts');
	({ handlePaymentEvent } = await import('../../../src/server/billing/payment-events/handle.ts'));
	({ getGamePanel } = await import('../../../src/server/game-panel/index.ts'));
	owner = (await p.owner.auth.getUser()).data.user!;
}, 60_000);

afterAll(() => b.stop());

async function panelState(id: string) {
	const { data } = await p.service
		.from('services')
		.select('panel_server_id, panel_identifier')
		.eq('id', id)
		.single();
	const ref = { panelServerId: Number(data!.panel_server_id), identifier: data!.panel_identifier! };
	return { ref, state: async () => (await getGamePanel().state(ref)).state };
}

/** Pays a pause's fee through a webhook event, as the gateway does. */
async function payPause(made: { invoiceId: string; total: number; currency: string }) {
	await handlePaymentEvent(
		{
			kind: 'paid',
			eventId: `pause-${made.invoiceId}`,
			gateway: 'test',
			invoiceId: made.invoiceId,
			amount: made.total,
			currency: made.currency,
			paymentId: `pay-pause-${made.invoiceId}`,
			method: 'card',
		},
		origin,
	);
}

describe('a running server paused and resumed on the simulated panel', () => {
	it('shows as paused until the end of the pause, and runs again after resuming', async () => {
		expect(getGamePanel().kind).toBe('simulated');
		const id = await b.activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
		const server = await panelState(id);
		await getGamePanel().power(server.ref, 'start');
		expect(await server.state()).toBe('running');

		const made = await pause.requestPause(
			b.admin,
			owner,
			id,
			{ months: 1, method: 'card' },
			{ origin, locale: 'en', now: asked },
		);
		if (typeof made === 'string') throw new Error(made);
		await payPause(made);
		expect(await server.state()).toBe('suspended');
		const { data: running } = await p.service
			.from('service_pauses')
			.select('ends_at, starts_at')
			.eq('service_id', id)
			.eq('status', 'active')
			.single();
		const paused = await queries.serverDetail(p.owner, owner.id, id);
		expect(paused).toMatchObject({ status: 'paused', pausedUntil: running!.ends_at });

		const at = new Date(new Date(running!.starts_at).getTime() + 60_000);
		const resumed = await pause.resumePause(b.admin, owner.id, id, at);
		expect(resumed).toMatchObject({ daysReturned: 31 });
		expect(await server.state()).toBe('running');
		const after = await queries.serverDetail(p.owner, owner.id, id);
		expect(after).toMatchObject({ status: 'active', pausedUntil: null });
	});

	it('runs again when the pause ends by itself (the billing run ends it)', async () => {
		const id = await b.activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
		const server = await panelState(id);
		await getGamePanel().power(server.ref, 'start');
		const made = await pause.createPauseInvoice(b.admin, owner.id, id, 1, asked);
		if (typeof made === 'string') throw new Error(made);
		await payPause(made);
		expect(await server.state()).toBe('suspended');
		const { data: running } = await p.service
			.from('service_pauses')
			.select('ends_at')
			.eq('service_id', id)
			.eq('status', 'active')
			.single();
		const after = new Date(new Date(running!.ends_at).getTime() + 3_600_000);
		expect((await pause.endDuePauses(b.admin, after)).failures).toEqual([]);
		expect(await server.state()).toBe('running');
	});

	it('leaves a server stopped before its pause stopped after it', async () => {
		const id = await b.activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
		const server = await panelState(id);
		expect(await server.state()).toBe('offline');
		const made = await pause.createPauseInvoice(b.admin, owner.id, id, 1, asked);
		if (typeof made === 'string') throw new Error(made);
		await payPause(made);
		expect(await server.state()).toBe('suspended');
		const { data: running } = await p.service
			.from('service_pauses')
			.select('starts_at')
			.eq('service_id', id)
			.eq('status', 'active')
			.single();
		const at = new Date(new Date(running!.starts_at).getTime() + 60_000);
		expect(await pause.resumePause(b.admin, owner.id, id, at)).toMatchObject({ daysReturned: 31 });
		expect(await server.state()).toBe('offline');
	});
});
