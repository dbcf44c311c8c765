import { json } from '../http/types.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import type { OutgoingMail } from '../mailbox/store.ts';
import { authTransaction } from './context.ts';
import type { AuthContext } from './context.ts';
import { validateEmail } from './email-address.ts';
import { assertMailFrequency, issueEmailToken } from './email-tokens.ts';
import type { TokenKind } from './email-tokens.ts';
import { badRequest, notFound, unprocessable } from './errors.ts';
import { assertAcceptablePassword, hashPassword } from './passwords.ts';
import { resolveRedirect } from './redirect.ts';
import { optionalObject, optionalString, parseBody } from './request.ts';
import { EMAIL_APP_METADATA } from './signup.ts';
import { findUserByEmail, updateUser } from './users.ts';
import { insertUser } from './user-insert.ts';
import { userView } from './user-view.ts';

// POST /admin/generate_link returns the link a mail would carry (and mails nothing), which is how
// tests and server code confirm or sign in users without an inbox. POST /invite mails an invite.

const LINK_TYPES = [
	'signup',
	'invite',
	'magiclink',
	'recovery',
	'email_change_current',
	'email_change_new',
] as const;
type LinkType = (typeof LINK_TYPES)[number];

export async function generateLink(ctx: AuthContext, request: ApiRequest): Promise<ApiResponse> {
	const body = parseBody(request);
	const type = optionalString(body, 'type') ?? '';
	if (!(LINK_TYPES as readonly string[]).includes(type))
		throw badRequest('validation_failed', 'Invalid email action link type requested');
	const linkType = type as LinkType;
	const email = validateEmail(optionalString(body, 'email'));
	const password = optionalString(body, 'password');
	const data = optionalObject(body, 'data') ?? {};
	const rawNewEmail = optionalString(body, 'new_email');
	const redirectTo = resolveRedirect(
		ctx,
		optionalString(body, 'redirect_to') ?? request.url.searchParams.get('redirect_to'),
	);
	if (linkType === 'signup') {
		if (!password) throw badRequest('validation_failed', 'Signup requires a valid password');
		assertAcceptablePassword(password, ctx.settings.passwordPolicy);
	}
	const encryptedPassword = password ? await hashPassword(password) : null;
	const newEmail = linkType.startsWith('email_change') ? validateEmail(rawNewEmail) : undefined;

	return authTransaction(ctx, async (tx) => {
		let user = await findUserByEmail(tx, email);
		if (linkType === 'signup' || linkType === 'invite') {
			if (user?.email_confirmed_at)
				throw unprocessable(
					'email_exists',
					'A user with this email address has already been registered',
				);
			user ??= await insertUser(tx, {
				email,
				encryptedPassword,
				userMetadata: data,
				appMetadata: EMAIL_APP_METADATA,
				confirmed: false,
				identityInMetadata: false,
				invited: linkType === 'invite',
			});
		}
		if (!user) throw notFound('user_not_found', 'User with this email not found');
		let kind: TokenKind =
			linkType === 'signup' ||
			linkType === 'invite' ||
			linkType === 'magiclink' ||
			linkType === 'recovery'
				? linkType
				: 'email_change';
		// GoTrue answers a magic link for an unconfirmed address with a sign-up confirmation.
		if (kind === 'magiclink' && !user.email_confirmed_at) kind = 'signup';
		if (newEmail) {
			if (await findUserByEmail(tx, newEmail))
				throw unprocessable(
					'email_exists',
					'A user with this email address has already been registered',
				);
			user = await updateUser(tx, user.id, {
				email_change: newEmail,
				email_change_confirm_status: 0,
			});
		}
		const issued = await issueEmailToken(ctx, tx, user, kind, {
			redirectTo,
			pkce: false,
			address: linkType === 'email_change_new' ? newEmail : (user.email ?? email),
			tokenColumn: linkType === 'email_change_current' ? 'email_change_token_current' : undefined,
		});
		return json(200, {
			...(await userView(tx, issued.user)),
			action_link: issued.actionLink,
			email_otp: issued.otp,
			hashed_token: issued.hashedToken,
			verification_type: kind,
			redirect_to: redirectTo,
		});
	});
}

export async function invite(ctx: AuthContext, request: ApiRequest): Promise<ApiResponse> {
	const body = parseBody(request);
	const email = validateEmail(optionalString(body, 'email'));
	const data = optionalObject(body, 'data') ?? {};
	const redirectTo = resolveRedirect(ctx, request.url.searchParams.get('redirect_to'));
	let mail: OutgoingMail | undefined;
	const answer = await authTransaction(ctx, async (tx) => {
		let user = await findUserByEmail(tx, email);
		if (user?.email_confirmed_at)
			throw unprocessable(
				'email_exists',
				'A user with this email address has already been registered',
			);
		user ??= await insertUser(tx, {
			email,
			encryptedPassword: null,
			userMetadata: data,
			appMetadata: EMAIL_APP_METADATA,
			confirmed: false,
			identityInMetadata: false,
			invited: true,
		});
		assertMailFrequency(ctx, user, 'invite');
		const issued = await issueEmailToken(ctx, tx, user, 'invite', { redirectTo, pkce: false });
		mail = issued.mail;
		return json(200, await userView(tx, issued.user));
	});
	if (mail) ctx.mailbox.send(mail);
	return answer;
}
