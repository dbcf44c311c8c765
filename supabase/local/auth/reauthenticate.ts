import { json } from '../http/types.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { authTransaction } from './context.ts';
import type { AuthContext } from './context.ts';
import { assertSentLongAgo, generateOtp, tokenHash } from './email-tokens.ts';
import { badRequest, unprocessable } from './errors.ts';
import { renderMail } from './mail-templates.ts';
import { withUser } from './request.ts';
import type { Caller } from './request.ts';
import { updateUser } from './users.ts';

// GET /reauthenticate (GoTrue's reauthenticate.go): a signed-in user with a confirmed address gets
// a six-digit code by mail, stored as GoTrue stores it (hex sha224 of address and code, with the time
// sent). With secure password change on, PUT /user takes that code as `nonce` from a session that
// began more than a day ago (user.go UserUpdate); the code is spent by the change.

const RECENT_SIGN_IN_MS = 24 * 60 * 60 * 1000;
const INVALID_NONCE = 'Nonce has expired or is invalid';

export async function reauthenticate(
	ctx: AuthContext,
	_request: ApiRequest,
	authorization: string | undefined,
): Promise<ApiResponse> {
	const mail = await withUser(ctx, authorization, async (tx, { user }) => {
		const email = user.email ?? '';
		// Phone numbers never get this far: phone sign-in is not enabled on the project.
		if (email === '')
			throw badRequest(
				'validation_failed',
				'Reauthentication requires the user to have an email or a phone number',
			);
		if (!user.email_confirmed_at)
			throw unprocessable('email_not_confirmed', 'Please verify your email first.');
		assertSentLongAgo(ctx, user.reauthentication_sent_at);
		const otp = generateOtp();
		const updated = await updateUser(tx, user.id, {
			reauthentication_token: tokenHash(email, otp),
			reauthentication_sent_at: new Date(),
		});
		return renderMail(
			{
				kind: 'reauthentication',
				to: email,
				confirmationUrl: '',
				otp,
				siteUrl: ctx.settings.siteUrl,
				email,
				data: updated.raw_user_meta_data,
			},
			ctx.settings.emailTemplates.reauthentication,
		);
	});
	ctx.mailbox.send(mail);
	return json(200, {});
}

/**
 * UserUpdate's reauthentication for a password change: nothing to do with secure password change
 * off or a session begun in the last 24 hours; else the mailed nonce, which the change spends.
 * Like GoTrue, the nonce is spent even if the change is then refused (same_password, say).
 */
export async function assertReauthenticated(
	ctx: AuthContext,
	caller: Caller,
	nonce: string | undefined,
): Promise<void> {
	if (!ctx.settings.securePasswordChange) return;
	await authTransaction(ctx, async (tx) => {
		const { rows } = await tx.query<{ created_at: Date | null }>(
			'select created_at from auth.sessions where id = $1',
			[caller.sessionId ?? null],
		);
		const began = rows[0]?.created_at?.getTime();
		if (began !== undefined && Date.now() <= began + RECENT_SIGN_IN_MS) return;
		if (!nonce)
			throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
		const email = caller.user.email ?? '';
		if (email === '')
			throw unprocessable(
				'reauthentication_not_valid',
				'Reauthentication requires an email or a phone number',
			);
		// verifyReauthentication: the hash and its lifetime (otp_expiry), then ConfirmReauthentication.
		const spent = await tx.query(
			`update auth.users set reauthentication_token = '', reauthentication_sent_at = null, updated_at = now()
			 where id = $1 and reauthentication_token <> '' and reauthentication_token = $2
			   and reauthentication_sent_at > now() - make_interval(secs => $3)
			 returning id`,
			[caller.user.id, tokenHash(email, nonce), ctx.settings.otpExpirySeconds],
		);
		if (spent.rows.length === 0) throw unprocessable('reauthentication_not_valid', INVALID_NONCE);
	});
}
