import { createHash } from 'node:crypto';
import { generateRecoveryCodes, normaliseRecoveryCode } from '../../lib/auth/recovery-codes';
import type { AdminClient } from '../supabase/admin-client';

// Recovery codes are the site's own (Supabase Auth has none yet): only their hashes are stored, in
// a table no customer can read (supabase/migrations/20261127200000_two_factor.sql), and only the
// service role reaches it. A plain SHA-256 is enough: each code carries 50 random bits, so there is
// no dictionary to try, and wrong codes are rate limited like wrong authenticator codes.

export function hashRecoveryCode(code: string): string {
	return createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
}

/** A new set for the customer, replacing any old one; the codes themselves are shown once. */
export async function issueRecoveryCodes(admin: AdminClient, userId: string): Promise<string[]> {
	const codes = generateRecoveryCodes();
	const { error } = await admin.rpc('replace_recovery_codes', {
		p_user: userId,
		p_hashes: codes.map(hashRecoveryCode),
	});
	if (error) throw new Error(`recovery codes not stored: ${error.message}`);
	return codes;
}

/** Uses up one of the customer's codes: true once per code, false for any other text. */
export async function redeemRecoveryCode(
	admin: AdminClient,
	userId: string,
	code: string,
): Promise<boolean> {
	const { data, error } = await admin.rpc('use_recovery_code', {
		p_user: userId,
		p_hash: hashRecoveryCode(code),
	});
	if (error) throw new Error(`recovery code not checked: ${error.message}`);
	return data === true;
}

/** Turning two-factor off leaves no codes behind. */
export async function forgetRecoveryCodes(admin: AdminClient, userId: string): Promise<void> {
	const { error } = await admin.rpc('replace_recovery_codes', { p_user: userId, p_hashes: [] });
	if (error) throw new Error(`recovery codes not removed: ${error.message}`);
}
