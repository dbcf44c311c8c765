import { randomUUID } from 'node:crypto';
import { json } from '../http/types.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import type { OutgoingMail } from '../mailbox/store.ts';
import { authTransaction } from './context.ts';
import type { AuthContext } from './context.ts';
import { validateEmail } from './email-address.ts';
import { assertMailFrequency, issueEmailToken } from './email-tokens.ts';
import { badRequest, unprocessable } from './errors.ts';
import { assertNotCommon, assertPasswordLength, hashPassword } from './passwords.ts';
import { createFlowState, parsePkceParams } from './pkce.ts';
import { resolveRedirect } from './redirect.ts';
import { optionalObject, optionalString, parseBody } from './request.ts';
import { startSession } from './sessions.ts';
import { userJson } from './user-json.ts';
import { findUserByEmail } from './users.ts';
import { insertUser } from './user-insert.ts';
import { identitiesOf } from './identities.ts';

// POST /signup. With autoconfirm the answer is a session; with confirmations on it is the bare user
// and a confirmation mail. A second sign-up for a confirmed address is refused (autoconfirm) or
// answered with a look-alike user that reveals nothing (confirmations on), as GoTrue does.

export const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] };

export async function signup(ctx: AuthContext, request: ApiRequest): Promise<ApiResponse> {
	// Counted before anything is read, as the hosted limiter counts every request to the endpoint.
	ctx.limiter.takeSignInOrSignUp(request.ip);
	const body = parseBody(request);
	const email = optionalString(body, 'email');
	const phone = optionalString(body, 'phone');
	const password = optionalString(body, 'password') ?? '';
	const data = optionalObject(body, 'data') ?? {};
	const pkce = parsePkceParams(
		optionalString(body, 'code_challenge'),
		optionalString(body, 'code_challenge_method'),
	);

	if (!email && !phone)
		throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
	if (email && phone)
		throw badRequest(
			'validation_failed',
			'Only an email address or phone number should be provided on signup.',
		);
	if (phone) throw unprocessable('phone_provider_disabled', 'Phone signups are disabled');
	if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
	// signup.go: the password's length, then the address; the common-password list after both.
	assertPasswordLength(password, ctx.settings.passwordPolicy);
	const address = validateEmail(email);
	assertNotCommon(password, ctx.settings.passwordPolicy);
	const redirectTo = resolveRedirect(ctx, request.url.searchParams.get('redirect_to'));
	// Hash outside the database queue: scrypt is deliberately slow and must not hold up other requests.
	const encryptedPassword = await hashPassword(password);

	let mail: OutgoingMail | undefined;
	const answer = await authTransaction(ctx, async (tx) => {
		const existing = await findUserByEmail(tx, address);
		if (existing?.email_confirmed_at) {
			if (ctx.settings.autoConfirm)
				throw unprocessable('user_already_exists', 'User already registered');
			return json(200, lookAlikeUser(address, data));
		}
		const user =
			existing ??
			(await insertUser(tx, {
				email: address,
				encryptedPassword,
				userMetadata: data,
				appMetadata: EMAIL_APP_METADATA,
				confirmed: ctx.settings.autoConfirm,
				identityInMetadata: true,
			}));
		if (ctx.settings.autoConfirm)
			return json(200, await startSession(ctx, tx, user, 'password', request));
		assertMailFrequency(ctx, user, 'signup');
		if (pkce) await createFlowState(tx, user.id, pkce, 'email/signup');
		const issued = await issueEmailToken(ctx, tx, user, 'signup', {
			redirectTo,
			pkce: pkce !== undefined,
		});
		mail = issued.mail;
		return json(200, userJson(issued.user, await identitiesOf(tx, user.id)));
	});
	if (mail) ctx.mailbox.send(mail);
	return answer;
}

/** What GoTrue's sanitizeUser shows for an already-confirmed address: plausible, but nobody's. */
function lookAlikeUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
	const now = new Date().toISOString();
	return {
		id: randomUUID(),
		aud: 'authenticated',
		role: 'authenticated',
		email,
		phone: '',
		confirmation_sent_at: now,
		app_metadata: EMAIL_APP_METADATA,
		user_metadata: data,
		identities: [],
		created_at: now,
		updated_at: now,
		is_anonymous: false,
	};
}
