import { randomUUID } from 'node:crypto';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import type { Client } from '../local-stack/helpers.ts';
import {
	clientWithToken,
	demo,
	ids,
	other,
	sessionIdOf,
	sessionOf,
	startProductStack,
	type Personas,
} from './personas';
import { startSchemaStack } from './schema-stack.ts';

// Every function a signed-in customer can call through the API. Those that only read, as the
// caller (stable, security invoker), are bound by the tables' policies. The others may write or
// run past row-level security, so each must ask the tables' own question first
// (private.session_meets_assurance(): a live session, and aal2 once the customer has a factor)
// and refuse with 42501. The list comes from the catalogue: a function added later that a
// customer can call, without an entry below, fails here, and so does one whose entry it refuses
// to check.

/** What a call of a customer's names: their ticket, their service, another session of theirs. */
interface Mine {
	ticket: string;
	service: string;
	session: string;
}

/** Arguments that would do what each function does, for the customer `Mine` describes. */
const calls: Record<string, (mine: Mine) => Record<string, unknown>> = {
	affiliate_overview: () => ({}),
	complete_external_sign_up: () => ({
		first_name: 'Kari',
		last_name: 'Nordmann',
		locale: 'no',
		referral_code: '',
	}),
	end_my_session: (mine) => ({ session_id: mine.session }),
	join_affiliate_programme: () => ({}),
	keep_service: (mine) => ({ service_id: mine.service }),
	my_sessions: () => ({}),
	open_ticket: (mine) => ({
		subject: 'Lag at night',
		department: 'technical',
		message: 'The server lags every night at ten.',
		service_id: mine.service,
	}),
	reopen_ticket: (mine) => ({ ticket: mine.ticket }),
	reply_to_ticket: (mine) => ({ ticket: mine.ticket, message: 'Still lagging at ten.' }),
	request_affiliate_payout: () => ({ currency: 'EUR', details: 'IBAN NO93 8601 1117 947' }),
	request_cancellation: (mine) => ({ service_id: mine.service, reason: 'Too cold' }),
};

let schema: LocalStack;
let p: Personas;
/** The other customer, with an authenticator: a password-only (aal1) session of theirs. */
let halfSignedIn: Client;
let otherMine: Mine;
/** The demo customer (no factor): a session signed out, as a client still sending its token. */
let signedOut: Client;
let demoMine: Mine;

beforeAll(async () => {
	[schema, p] = await Promise.all([startSchemaStack(), startProductStack()]);
	const { data: enrolled, error } = await p.other.auth.mfa.enroll({ factorType: 'totp' });
	if (error) throw error;
	const code = new TOTP({ secret: enrolled.totp.secret }).generate();
	const verified = await p.other.auth.mfa.challengeAndVerify({ factorId: enrolled.id, code });
	if (verified.error) throw verified.error;
	const opened = await p.other.rpc('open_ticket', {
		subject: 'Valheim crashes',
		department: 'technical',
		message: 'It crashes on load.',
	});
	if (opened.error) throw opened.error;
	const complete = (await p.other.auth.getSession()).data.session?.access_token ?? '';
	halfSignedIn = (await sessionOf(p.stack, other)).client;
	otherMine = { ticket: opened.data.id, service: ids.valheim, session: sessionIdOf(complete) };

	const gone = await sessionOf(p.stack, demo);
	const { error: logout } = await gone.client.auth.signOut({ scope: 'local' });
	if (logout) throw logout;
	signedOut = clientWithToken(p.stack, gone.token);
	const live = (await p.owner.auth.getSession()).data.session?.access_token ?? '';
	demoMine = { ticket: ids.openTicket, service: ids.palworld, session: sessionIdOf(live) };
	// Both are affiliates, so a payout request meets its own rules, not "not an affiliate" (42501).
	for (const client of [p.owner, p.other]) {
		const joined = await client.rpc('join_affiliate_programme');
		if (joined.error) throw joined.error;
	}
}, 120_000);
afterAll(async () => {
	await Promise.all([schema?.stop(), p?.stack.stop()]);
});

/** The catalogue's functions in `public` that `authenticated` may execute, with what they are. */
async function callable() {
	return schema.sql(async (session) => {
		const { rows } = await session.query<{ name: string; guarded: boolean }>(
			`select p.proname as name, (p.prosecdef or p.provolatile = 'v') as guarded
			   from pg_proc p
			  where p.pronamespace = 'public'::regnamespace
			    and has_function_privilege('authenticated', p.oid, 'execute')
			  order by 1`,
		);
		return rows;
	});
}

it('names every function a customer can call that may write or runs past row-level security', async () => {
	const functions = await callable();
	const guarded = functions.filter((f) => f.guarded).map((f) => f.name);
	expect(Object.keys(calls).sort()).toEqual(guarded);
	// The rest only read, as the caller: the tables' policies (two-factor-rls.test.ts) bind them.
	expect(functions.filter((f) => !f.guarded).length).toBeGreaterThan(0);
});

describe.each(Object.keys(calls))('%s', (name) => {
	const call = (client: Client, mine: Mine) =>
		client.rpc(name as 'my_sessions', calls[name]!(mine) as never);

	it('refuses a password-only (aal1) session of a customer with two-factor', async () => {
		const { error } = await call(halfSignedIn, otherMine);
		expect(error?.code).toBe('42501');
	});

	it('refuses a session that has been signed out', async () => {
		const { error } = await call(signedOut, demoMine);
		expect(error?.code).toBe('42501');
	});

	it('serves a live session: the refusal is not the arguments’', async () => {
		// Another session id than a live one of theirs, so ending it ends nothing the test uses.
		const mine = { ...demoMine, session: randomUUID() };
		for (const [client, whose] of [
			[p.owner, mine],
			[p.other, { ...otherMine, session: randomUUID() }],
		] as const) {
			const { error } = await call(client, whose);
			// 42501 would be the guard; PGRST2xx, arguments the function does not take.
			expect(error?.code ?? 'ok').not.toMatch(/^(42501|PGRST)/);
		}
	});
});
