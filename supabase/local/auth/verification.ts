import type { Transaction } from '../db/database.ts';
import type { AuthContext } from './context.ts';
import { bareToken } from './email-tokens.ts';
import { findCandidate } from './verification-lookup.ts';
import { forbidden } from './errors.ts';
import { updateUser } from './users.ts';
import { markEmailVerified } from './identities.ts';
import type { UserRow } from './users.ts';
import type { VerifyParams } from './verify-params.ts';

// Checking a mailed token and applying what it proves. Shared by POST /verify (verifyOtp) and
// GET /verify (the link in the mail).

export interface Verified {
	user: UserRow;
	/** The column that matched, e.g. confirmation_token. */
	column: string;
	/** The stored token was created for a PKCE flow. */
	pkce: boolean;
	/** First half of a secure e-mail change: nothing to sign in with yet. */
	halfway: boolean;
}

export async function verifyToken(
	ctx: AuthContext,
	tx: Transaction,
	params: VerifyParams,
	linkWording: boolean,
): Promise<Verified> {
	const invalid = () =>
		forbidden(
			'otp_expired',
			linkWording ? 'Email link is invalid or has expired' : 'Token has expired or is invalid',
		);
	const found = await findCandidate(tx, params);
	if (!found) throw invalid();
	const sentAt = found.user[found.sentAt as keyof UserRow] as Date | null;
	if (!sentAt || sentAt.getTime() + ctx.settings.otpExpirySeconds * 1000 < Date.now())
		throw invalid();
	const pkce = ((found.user[found.column as keyof UserRow] as string | null) ?? '').startsWith(
		'pkce_',
	);
	let user = found.user;
	let halfway = false;
	if (found.column === 'confirmation_token') {
		user = await updateUser(tx, user.id, {
			confirmation_token: '',
			email_confirmed_at: user.email_confirmed_at ?? new Date(),
		});
		await markEmailVerified(tx, user.id);
	} else if (found.column === 'recovery_token') {
		user = await updateUser(tx, user.id, {
			recovery_token: '',
			email_confirmed_at: user.email_confirmed_at ?? new Date(),
		});
		await markEmailVerified(tx, user.id);
	} else {
		const other =
			found.column === 'email_change_token_new'
				? 'email_change_token_current'
				: 'email_change_token_new';
		const otherPending = bareToken(user[other as keyof UserRow] as string | null) !== '';
		if (ctx.settings.secureEmailChange && otherPending) {
			user = await updateUser(tx, user.id, { [found.column]: '', email_change_confirm_status: 1 });
			halfway = true;
		} else {
			user = await applyEmailChange(tx, user);
		}
	}
	return { user, column: found.column, pkce, halfway };
}

async function applyEmailChange(tx: Transaction, user: UserRow): Promise<UserRow> {
	const email = user.email_change ?? user.email ?? '';
	await tx.query(
		`update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
		 where user_id = $1 and provider = 'email'`,
		[user.id, email],
	);
	return updateUser(tx, user.id, {
		email,
		email_change: '',
		email_change_token_new: '',
		email_change_token_current: '',
		email_change_confirm_status: 0,
		email_confirmed_at: new Date(),
		raw_user_meta_data: { ...(user.raw_user_meta_data ?? {}), email },
	});
}
