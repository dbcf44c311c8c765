import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, type Client } from '../local-stack/helpers.ts';
import {
	demo,
	expectOnlyOwnRows,
	ids,
	other,
	startProductStack,
	visibleRows,
	type Personas,
} from './personas';

// The aal2 rule in the database (20261127200000_two_factor.sql), as each persona: the other
// customer turns two-factor on through supabase-js (the stack's MFA endpoints), so their session
// that verified a code is aal2 and a new password-only sign-in of theirs is aal1. The demo customer
// has no factor and must not notice anything.

let p: Personas;
let halfSignedIn: Client;
beforeAll(async () => {
	p = await startProductStack();
	const { data: enrolled, error } = await p.other.auth.mfa.enroll({ factorType: 'totp' });
	if (error) throw error;
	const app = new TOTP({ secret: enrolled.totp.secret });
	const verified = await p.other.auth.mfa.challengeAndVerify({
		factorId: enrolled.id,
		code: app.generate(),
	});
	if (verified.error) throw verified.error;
	halfSignedIn = clientFor(p.stack);
	const signedIn = await halfSignedIn.auth.signInWithPassword(other);
	if (signedIn.error) throw signedIn.error;
});
afterAll(() => p.stack.stop());

/** Every table with a customer policy, with the seed's rows for the other customer where it has some. */
const tables: [string, string, boolean][] = [
	['profiles', 'id', true],
	['services', 'user_id', true],
	['service_activity', 'user_id', true],
	['invoices', 'user_id', true],
	['invoice_items', 'user_id', true],
	['transactions', 'user_id', true],
	['orders', 'user_id', false],
	['payment_methods', 'user_id', false],
	['tickets', 'user_id', false],
	['ticket_messages', 'user_id', false],
	['service_upgrades', 'user_id', false],
	['service_pauses', 'user_id', false],
	['credit_notes', 'user_id', false],
	['payment_bundles', 'user_id', false],
	['vps_machines', 'user_id', false],
	['ssh_keys', 'user_id', false],
	['server_software', 'user_id', false],
	['software_installs', 'user_id', false],
];

it('the sessions are what the test says they are', async () => {
	const level = async (client: Client) =>
		(await client.auth.mfa.getAuthenticatorAssuranceLevel()).data;
	expect(await level(p.other)).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
	expect(await level(halfSignedIn)).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
	expect(await level(p.owner)).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
});

describe.each(tables)('%s', (table, ownerColumn, seeded) => {
	it('a password-only (aal1) session of a customer with a verified factor reads nothing', async () => {
		expect(await visibleRows(halfSignedIn, table)).toEqual([]);
	});

	it('the same customer at aal2 reads their own rows', async () => {
		if (seeded) await expectOnlyOwnRows(p.other, table, other.id, ownerColumn);
		else expect(await visibleRows(p.other, table)).toEqual([]);
	});

	it('a customer without a factor is unaffected at aal1, and anon reads nothing', async () => {
		if (['profiles', 'services', 'invoices'].includes(table))
			await expectOnlyOwnRows(p.owner, table, demo.id, ownerColumn);
		const anon = await visibleRows(p.anon, table);
		expect(typeof anon === 'string' ? anon : anon.length).toSatisfy(
			(v) => v === 0 || v === '42501',
		);
	});
});

describe('writes', () => {
	it('an aal1 session of a two-factor customer cannot change their profile; aal2 can', async () => {
		const half = await halfSignedIn
			.from('profiles')
			.update({ city: 'Bergen' })
			.eq('id', other.id)
			.select();
		expect(half.data ?? []).toEqual([]);
		const full = await p.other
			.from('profiles')
			.update({ city: 'Tromsø' })
			.eq('id', other.id)
			.select('city');
		expect(full.data).toEqual([{ city: 'Tromsø' }]);
	});

	it('nor open a ticket; aal2 can', async () => {
		const ticket = { subject: 'Lag at night', department: 'technical' };
		const half = await halfSignedIn.from('tickets').insert(ticket);
		expect(half.error?.code).toBe('42501');
		const full = await p.other.from('tickets').insert(ticket);
		expect(full.error).toBeNull();
	});
});

describe('functions that run past row-level security', () => {
	it('refuse a password-only session of a two-factor customer, and serve it at aal2', async () => {
		const half = [
			await halfSignedIn.rpc('affiliate_overview'),
			await halfSignedIn.rpc('join_affiliate_programme'),
			await halfSignedIn.rpc('request_affiliate_payout', { currency: 'EUR', details: 'IBAN NO93' }),
			await halfSignedIn.rpc('request_cancellation', {
				service_id: ids.valheim,
				reason: 'Too cold',
			}),
			await halfSignedIn.rpc('keep_service', { service_id: ids.valheim }),
		];
		expect(half.map((answer) => answer.error?.code)).toEqual(Array(5).fill('42501'));

		const cancelled = await p.other.rpc('request_cancellation', {
			service_id: ids.valheim,
			reason: 'Too cold',
		});
		expect(cancelled.error).toBeNull();
		expect((await p.other.rpc('keep_service', { service_id: ids.valheim })).error).toBeNull();
		expect((await p.other.rpc('join_affiliate_programme')).data).toMatch(/^[2-9A-Z]{8}$/);
	});

	it('leave a customer without a factor as they were', async () => {
		expect((await p.owner.rpc('affiliate_overview')).error).toBeNull();
	});
});
