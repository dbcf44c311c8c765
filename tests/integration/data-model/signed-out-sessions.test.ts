import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	clientWithToken,
	demo,
	sessionOf,
	startProductStack,
	visibleRows,
	type Personas,
} from './personas';

// An access token stays a valid JWT until it expires (an hour), but the database reads through it
// only while its session lives: the row-level check that decides assurance
// (private.session_meets_assurance()) also asks that the token's session_id names a row of
// auth.sessions. Every way a session ends deletes that row, so each ends its reads at once.

let p: Personas;
beforeAll(async () => {
	p = await startProductStack();
}, 60_000);
afterAll(() => p?.stack.stop());

/** A customer of their own, so ending all their sessions touches no other test. */
async function newCustomer() {
	const who = { email: `signed-out-${randomUUID()}@example.com`, password: 'Lantern-Fjord-2026' };
	const { error } = await p.service.auth.admin.createUser({ ...who, email_confirm: true });
	if (error) throw error;
	return who;
}

/** What the token reads of its customer's profile: one row while the session lives. */
const profileRows = async (token: string) =>
	visibleRows(clientWithToken(p.stack, token), 'profiles');

describe('a signed-out session’s token reads nothing', () => {
	it('after logout (scope local): the seeded customer’s invoices, panel and functions', async () => {
		const gone = await sessionOf(p.stack, demo);
		const stale = clientWithToken(p.stack, gone.token);
		expect(await visibleRows(stale, 'invoices')).not.toEqual([]);
		const before = await stale.rpc('panel_dashboard');
		expect(before.data).toMatchObject({ services: expect.arrayContaining([expect.anything()]) });

		expect((await gone.client.auth.signOut({ scope: 'local' })).error).toBeNull();
		for (const table of ['invoices', 'services', 'profiles', 'tickets', 'payment_methods'])
			expect(await visibleRows(stale, table)).toEqual([]);
		const panel = await stale.rpc('panel_dashboard');
		expect(panel.data).toMatchObject({ first_name: null, services: [], recent_invoices: [] });
		expect((await stale.rpc('affiliate_overview')).error?.code).toBe('42501');
		// The demo customer's other sessions read on.
		expect(await visibleRows(p.owner, 'invoices')).not.toEqual([]);
	});

	it('after “sign out other sessions” (scope others), and this session reads on', async () => {
		const who = await newCustomer();
		const [here, there] = [await sessionOf(p.stack, who), await sessionOf(p.stack, who)];
		expect(await profileRows(there.token)).toHaveLength(1);
		expect((await here.client.auth.signOut({ scope: 'others' })).error).toBeNull();
		expect(await profileRows(there.token)).toEqual([]);
		expect(await profileRows(here.token)).toHaveLength(1);
	});

	it('after “sign out everywhere” (scope global), every session', async () => {
		const who = await newCustomer();
		const [here, there] = [await sessionOf(p.stack, who), await sessionOf(p.stack, who)];
		expect((await here.client.auth.signOut({ scope: 'global' })).error).toBeNull();
		expect(await profileRows(here.token)).toEqual([]);
		expect(await profileRows(there.token)).toEqual([]);
	});

	it('after the server signs it out with the admin API', async () => {
		const who = await newCustomer();
		const session = await sessionOf(p.stack, who);
		expect(await profileRows(session.token)).toHaveLength(1);
		expect((await p.service.auth.admin.signOut(session.token, 'local')).error).toBeNull();
		expect(await profileRows(session.token)).toEqual([]);
	});

	it('after the customer ends it from another session (end_my_session)', async () => {
		const who = await newCustomer();
		const [here, there] = [await sessionOf(p.stack, who), await sessionOf(p.stack, who)];
		const ended = await here.client.rpc('end_my_session', { session_id: there.sessionId });
		expect(ended.data).toBe(true);
		expect(await profileRows(there.token)).toEqual([]);
		expect(await profileRows(here.token)).toHaveLength(1);
	});

	it('after a password change, every other session', async () => {
		const who = await newCustomer();
		const [here, there] = [await sessionOf(p.stack, who), await sessionOf(p.stack, who)];
		const changed = await here.client.auth.updateUser({ password: 'Another-Lantern-2027' });
		expect(changed.error).toBeNull();
		expect(await profileRows(there.token)).toEqual([]);
		expect(await profileRows(here.token)).toHaveLength(1);
	});
});

it('writes through a signed-out token are refused as well', async () => {
	const who = await newCustomer();
	const session = await sessionOf(p.stack, who);
	expect((await session.client.auth.signOut({ scope: 'local' })).error).toBeNull();
	const stale = clientWithToken(p.stack, session.token);
	const ticket = await stale.from('tickets').insert({ subject: 'Hello', department: 'technical' });
	expect(ticket.error?.code).toBe('42501');
});

it('the service role, which has no session, reads as before', async () => {
	const rows = await visibleRows(p.service, 'invoices');
	expect(Array.isArray(rows) && rows.length).toBeGreaterThan(0);
});
