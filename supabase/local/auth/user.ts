import { json } from '../http/types.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import type { OutgoingMail } from '../mailbox/store.ts';
import { authTransaction } from './context.ts';
import type { AuthContext } from './context.ts';
import { validateEmail } from './email-address.ts';
import { assertMailFrequency, issueEmailToken } from './email-tokens.ts';
import { forbidden, unprocessable } from './errors.ts';
import { assertAcceptablePassword, hashPassword, verifyPassword } from './passwords.ts';
import { createFlowState, parsePkceParams } from './pkce.ts';
import { resolveRedirect } from './redirect.ts';
import { optionalObject, optionalString, parseBody, requireUser, withUser } from './request.ts';
import { assertReauthenticated } from './reauthenticate.ts';
import { findUserByEmail, updateUser } from './users.ts';
import { userView } from './user-view.ts';
import { assertAal2ForCredentialChange } from './mfa-step-up.ts';

// GET /user and PUT /user. An update answers with the bare user (no new tokens); a password change
// ends the user's other sessions (and, with secure password change, needs the reauthentication
// nonce from a session older than a day: reauthenticate.ts); an e-mail change waits for the link mailed to the new address
// (and, with secure e-mail change, the one mailed to the current address too).

export async function getUser(
	ctx: AuthContext,
	request: ApiRequest,
	authorization: string | undefined,
): Promise<ApiResponse> {
	return withUser(ctx, authorization, async (tx, { user }) => json(200, await userView(tx, user)));
}

/** user_metadata merge: keys overwrite, a null value deletes its key. */
export function mergeMetadata(
	current: Record<string, unknown> | null,
	patch: Record<string, unknown>,
): Record<string, unknown> {
	const merged: Record<string, unknown> = { ...(current ?? {}) };
	for (const [key, value] of Object.entries(patch)) {
		if (value === null) delete merged[key];
		else merged[key] = value;
	}
	return merged;
}

export async function updateCurrentUser(
	ctx: AuthContext,
	request: ApiRequest,
	authorization: string | undefined,
): Promise<ApiResponse> {
	const caller = await requireUser(ctx, authorization);
	const body = parseBody(request);
	const data = optionalObject(body, 'data');
	const password = optionalString(body, 'password');
	const rawEmail = optionalString(body, 'email');
	// user.go validateUserUpdateParams: the address, then the password, before anything else.
	const newEmail = rawEmail !== undefined && rawEmail !== '' ? validateEmail(rawEmail) : undefined;
	if (password !== undefined) assertAcceptablePassword(password, ctx.settings.passwordPolicy);
	if (body.app_metadata !== undefined && body.app_metadata !== null) {
		throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
	}
	await assertAal2ForCredentialChange(ctx, caller, {
		password,
		email: rawEmail,
		phone: optionalString(body, 'phone'),
	});
	if (optionalString(body, 'phone'))
		throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
	const pkce = parsePkceParams(
		optionalString(body, 'code_challenge'),
		optionalString(body, 'code_challenge_method'),
	);
	const redirectTo = resolveRedirect(ctx, request.url.searchParams.get('redirect_to'));

	let encryptedPassword: string | undefined;
	if (password !== undefined) {
		await assertReauthenticated(ctx, caller, optionalString(body, 'nonce'));
		if (await verifyPassword(ctx.bcrypt, password, caller.user.encrypted_password)) {
			throw unprocessable(
				'same_password',
				'New password should be different from the old password.',
			);
		}
		encryptedPassword = await hashPassword(password);
	}
	const emailChanges = newEmail !== undefined && newEmail !== caller.user.email;

	// The owner has proven themselves (a session, often from a reset link): wrong guesses that
	// paused their password sign-in no longer count against them.
	if (encryptedPassword && caller.user.email) ctx.limiter.forgetAccount(caller.user.email);

	const mails: OutgoingMail[] = [];
	const answer = await authTransaction(ctx, async (tx) => {
		let user = caller.user;
		if (data)
			user = await updateUser(tx, user.id, {
				raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, data),
			});
		if (encryptedPassword) {
			user = await updateUser(tx, user.id, { encrypted_password: encryptedPassword });
			await tx.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [
				user.id,
				caller.sessionId ?? null,
			]);
		}
		if (emailChanges && newEmail) {
			const taken = await findUserByEmail(tx, newEmail);
			if (taken && taken.id !== user.id)
				throw unprocessable(
					'email_exists',
					'A user with this email address has already been registered',
				);
			assertMailFrequency(ctx, user, 'email_change');
			user = await updateUser(tx, user.id, {
				email_change: newEmail,
				email_change_confirm_status: 0,
				email_change_token_current: '',
			});
			if (pkce) await createFlowState(tx, user.id, pkce, 'email_change');
			const toNew = await issueEmailToken(ctx, tx, user, 'email_change', {
				redirectTo,
				pkce: pkce !== undefined,
				address: newEmail,
			});
			mails.push(toNew.mail);
			user = toNew.user;
			if (ctx.settings.secureEmailChange && user.email) {
				const toCurrent = await issueEmailToken(ctx, tx, user, 'email_change', {
					redirectTo,
					pkce: pkce !== undefined,
					address: user.email,
					tokenColumn: 'email_change_token_current',
				});
				mails.push(toCurrent.mail);
				user = toCurrent.user;
			}
		}
		return json(200, await userView(tx, user));
	});
	for (const mail of mails) ctx.mailbox.send(mail);
	return answer;
}
