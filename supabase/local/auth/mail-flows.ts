import { json } from '../http/types.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import type { OutgoingMail } from '../mailbox/store.ts';
import { authTransaction } from './context.ts';
import type { AuthContext } from './context.ts';
import { validateEmail } from './email-address.ts';
import { assertMailFrequency, issueEmailToken } from './email-tokens.ts';
import type { TokenKind } from './email-tokens.ts';
import { badRequest, unprocessable } from './errors.ts';
import { createFlowState, parsePkceParams } from './pkce.ts';
import type { PkceRequest } from './pkce.ts';
import { resolveRedirect } from './redirect.ts';
import { optionalBoolean, optionalObject, optionalString, parseBody } from './request.ts';
import { EMAIL_APP_METADATA } from './signup.ts';
import { findUserByEmail } from './users.ts';
import { insertUser } from './user-insert.ts';
import type { UserRow } from './users.ts';
import type { Transaction } from '../db/database.ts';

// Endpoints whose only visible effect is a mail: /recover, /otp (magic link) and /resend. They answer
// 200 `{}` whether or not the address is registered, so they cannot be used to find out who is.

const FLOW_METHOD: Record<TokenKind, string> = {
	signup: 'email/signup',
	invite: 'invite',
	magiclink: 'magiclink',
	recovery: 'recovery',
	email_change: 'email_change',
};

async function mailToken(
	ctx: AuthContext,
	tx: Transaction,
	user: UserRow,
	kind: TokenKind,
	pkce: PkceRequest | undefined,
	redirectTo: string,
): Promise<OutgoingMail> {
	assertMailFrequency(ctx, user, kind);
	if (pkce) await createFlowState(tx, user.id, pkce, FLOW_METHOD[kind]);
	return (await issueEmailToken(ctx, tx, user, kind, { redirectTo, pkce: pkce !== undefined }))
		.mail;
}

function pkceOf(body: Record<string, unknown>): PkceRequest | undefined {
	return parsePkceParams(
		optionalString(body, 'code_challenge'),
		optionalString(body, 'code_challenge_method'),
	);
}

async function deliver(
	ctx: AuthContext,
	work: (tx: Transaction) => Promise<OutgoingMail[]>,
): Promise<ApiResponse> {
	const mails = await authTransaction(ctx, work);
	for (const mail of mails) ctx.mailbox.send(mail);
	return json(200, {});
}

export async function recover(ctx: AuthContext, request: ApiRequest): Promise<ApiResponse> {
	const body = parseBody(request);
	const raw = optionalString(body, 'email');
	if (!raw) throw badRequest('validation_failed', 'Password recovery requires an email');
	const email = validateEmail(raw);
	const pkce = pkceOf(body);
	const redirectTo = resolveRedirect(ctx, request.url.searchParams.get('redirect_to'));
	return deliver(ctx, async (tx) => {
		const user = await findUserByEmail(tx, email);
		return user ? [await mailToken(ctx, tx, user, 'recovery', pkce, redirectTo)] : [];
	});
}

export async function otp(ctx: AuthContext, request: ApiRequest): Promise<ApiResponse> {
	const body = parseBody(request);
	if (optionalString(body, 'phone'))
		throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
	const email = validateEmail(optionalString(body, 'email'));
	const createUser = optionalBoolean(body, 'create_user') ?? true;
	const data = optionalObject(body, 'data') ?? {};
	const pkce = pkceOf(body);
	const redirectTo = resolveRedirect(ctx, request.url.searchParams.get('redirect_to'));
	return deliver(ctx, async (tx) => {
		let user = await findUserByEmail(tx, email);
		if (!user || !user.email_confirmed_at) {
			if (!user && !createUser) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
			user ??= await insertUser(tx, {
				email,
				encryptedPassword: null,
				userMetadata: data,
				appMetadata: EMAIL_APP_METADATA,
				confirmed: ctx.settings.autoConfirm,
				identityInMetadata: true,
			});
			// Without autoconfirm a new address first gets a sign-up confirmation instead of a magic link.
			if (!user.email_confirmed_at)
				return [await mailToken(ctx, tx, user, 'signup', pkce, redirectTo)];
		}
		return [await mailToken(ctx, tx, user, 'magiclink', pkce, redirectTo)];
	});
}

export async function resend(ctx: AuthContext, request: ApiRequest): Promise<ApiResponse> {
	const body = parseBody(request);
	const type = optionalString(body, 'type') ?? '';
	if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
		throw badRequest(
			'validation_failed',
			'Missing one of these types: signup, email_change, sms, phone_change',
		);
	}
	if (type === 'sms' || type === 'phone_change')
		throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
	const email = validateEmail(optionalString(body, 'email'));
	const pkce = pkceOf(body);
	const redirectTo = resolveRedirect(ctx, request.url.searchParams.get('redirect_to'));
	return deliver(ctx, async (tx) => {
		if (type === 'signup') {
			const user = await findUserByEmail(tx, email);
			if (!user || user.email_confirmed_at) return [];
			return [await mailToken(ctx, tx, user, 'signup', pkce, redirectTo)];
		}
		// email_change: `email` is the pending new address.
		const { rows } = await tx.query<UserRow>(
			'select * from auth.users where lower(email_change) = $1 limit 1',
			[email],
		);
		const user = rows[0];
		if (!user) return [];
		assertMailFrequency(ctx, user, 'email_change');
		const issued = await issueEmailToken(ctx, tx, user, 'email_change', {
			redirectTo,
			pkce: pkce !== undefined,
			address: email,
		});
		return [issued.mail];
	});
}
