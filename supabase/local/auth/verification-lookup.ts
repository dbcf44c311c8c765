import type { Transaction } from '../db/database.ts';
import { bareToken, tokenHash } from './email-tokens.ts';
import { findUserByEmail } from './users.ts';
import type { UserRow } from './users.ts';
import type { VerifyParams, VerifyType } from './verify-params.ts';

// Finding the user a mailed token belongs to: by the hash a link carries, or by address plus the
// 6-digit code (hashed the same way). An e-mail change code may come with either address. The user's
// row is locked before its token is compared: two requests with one token at the same moment (on
// PostgreSQL) take turns, and the second finds the token spent.

// Which stored tokens a type may match, and which sent_at column dates them.
const CANDIDATES: Record<VerifyType, { token: string; sentAt: string }[]> = {
	signup: [{ token: 'confirmation_token', sentAt: 'confirmation_sent_at' }],
	invite: [{ token: 'confirmation_token', sentAt: 'confirmation_sent_at' }],
	magiclink: [{ token: 'recovery_token', sentAt: 'recovery_sent_at' }],
	recovery: [{ token: 'recovery_token', sentAt: 'recovery_sent_at' }],
	email: [
		{ token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
		{ token: 'recovery_token', sentAt: 'recovery_sent_at' },
	],
	email_change: [
		{ token: 'email_change_token_new', sentAt: 'email_change_sent_at' },
		{ token: 'email_change_token_current', sentAt: 'email_change_sent_at' },
	],
	sms: [],
	phone_change: [],
};

export async function findCandidate(
	tx: Transaction,
	params: VerifyParams,
): Promise<{ user: UserRow; column: string; sentAt: string } | undefined> {
	const candidates = CANDIDATES[params.type];
	if (params.tokenHash !== undefined) {
		const wanted = bareToken(params.tokenHash);
		for (const candidate of candidates) {
			const { rows } = await tx.query<UserRow>(
				`select * from auth.users where ${candidate.token} in ($1::text, 'pkce_' || $1::text) and $1::text <> '' limit 1 for update`,
				[wanted],
			);
			if (rows[0]) return { user: rows[0], column: candidate.token, sentAt: candidate.sentAt };
		}
		return undefined;
	}
	const user = await findUserByEmail(tx, params.email ?? '');
	if (!user) {
		// An e-mail change code is checked against the pending new address, not the current one.
		if (params.type !== 'email_change') return undefined;
	}
	const owner =
		user ??
		(
			await tx.query<UserRow>(
				'select * from auth.users where lower(email_change) = lower($1) limit 1',
				[params.email ?? ''],
			)
		).rows[0];
	if (!owner) return undefined;
	const locked = await lockUser(tx, owner.id);
	if (!locked) return undefined;
	for (const candidate of candidates) {
		const address =
			candidate.token === 'email_change_token_new'
				? (locked.email_change ?? '')
				: (locked.email ?? '');
		const stored = bareToken(locked[candidate.token as keyof UserRow] as string | null);
		if (stored !== '' && stored === tokenHash(address, params.otp ?? ''))
			return { user: locked, column: candidate.token, sentAt: candidate.sentAt };
	}
	return undefined;
}

async function lockUser(tx: Transaction, id: string): Promise<UserRow | undefined> {
	const { rows } = await tx.query<UserRow>('select * from auth.users where id = $1 for update', [
		id,
	]);
	return rows[0];
}
