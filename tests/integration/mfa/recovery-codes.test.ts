import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/lib/database.types.ts';
import {
	forgetRecoveryCodes,
	hashRecoveryCode,
	issueRecoveryCodes,
	redeemRecoveryCode,
} from '../../../src/server/mfa/recovery-codes.ts';
import { demo, other, startProductStack, type Personas } from '../data-model/personas.ts';

// Two-factor recovery codes against the real migrations: only hashes are stored, only the server
// (service role) reaches them, each code works once, and a new set replaces the old.

let p: Personas;
let admin: ReturnType<typeof createClient<Database>>;
beforeAll(async () => {
	p = await startProductStack();
	admin = createClient<Database>(p.stack.url, p.stack.serviceRoleKey, {
		auth: { persistSession: false, autoRefreshToken: false },
	});
});
afterAll(() => p.stack.stop());

const storedHashes = async (userId: string) => {
	const { data, error } = await admin
		.from('mfa_recovery_codes')
		.select('code_hash')
		.eq('user_id', userId);
	if (error) throw error;
	return data.map((row) => row.code_hash).sort();
};

describe('recovery codes', () => {
	it('stores ten hashes and never the codes', async () => {
		const codes = await issueRecoveryCodes(admin, demo.id);
		expect(codes).toHaveLength(10);
		expect(await storedHashes(demo.id)).toEqual(codes.map(hashRecoveryCode).sort());
		const stored = (await storedHashes(demo.id)).join(' ');
		for (const code of codes) expect(stored).not.toContain(code.replace('-', ''));
	});

	it('lets each code sign in once, typed loosely, and only for its own customer', async () => {
		const [first, second] = await issueRecoveryCodes(admin, demo.id);
		expect(await redeemRecoveryCode(admin, other.id, first!)).toBe(false);
		expect(await redeemRecoveryCode(admin, demo.id, first!.toLowerCase().replace('-', ' '))).toBe(
			true,
		);
		expect(await redeemRecoveryCode(admin, demo.id, first!)).toBe(false);
		expect(await storedHashes(demo.id)).toHaveLength(9);
		expect(await redeemRecoveryCode(admin, demo.id, second!)).toBe(true);
	});

	it('replaces the whole old set with a new one, and turning off leaves none', async () => {
		const old = await issueRecoveryCodes(admin, demo.id);
		const fresh = await issueRecoveryCodes(admin, demo.id);
		expect(await redeemRecoveryCode(admin, demo.id, old[0]!)).toBe(false);
		expect(await storedHashes(demo.id)).toHaveLength(10);
		expect(await redeemRecoveryCode(admin, demo.id, fresh[0]!)).toBe(true);
		await forgetRecoveryCodes(admin, demo.id);
		expect(await storedHashes(demo.id)).toEqual([]);
	});

	it('is out of reach of customers and visitors: no rows, no functions', async () => {
		await issueRecoveryCodes(admin, demo.id);
		for (const client of [p.owner, p.anon]) {
			const read = await client.from('mfa_recovery_codes').select('*');
			expect(read.data ?? []).toEqual([]);
			expect(read.error?.code ?? '42501').toBe('42501');
			const use = await client.rpc('use_recovery_code', { p_user: demo.id, p_hash: 'x' });
			expect(use.error).not.toBeNull();
			const replace = await client.rpc('replace_recovery_codes', { p_user: demo.id, p_hashes: [] });
			expect(replace.error).not.toBeNull();
		}
		expect(await storedHashes(demo.id)).toHaveLength(10);
	});
});
