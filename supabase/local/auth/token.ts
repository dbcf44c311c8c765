import { json } from '../http/types.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { authTransaction } from './context.ts';
import type { AuthContext } from './context.ts';
import { badRequest } from './errors.ts';
import { verifyPassword, weaknessOf } from './passwords.ts';
import { exchangeAuthCode } from './pkce.ts';
import { optionalString, parseBody } from './request.ts';
import { refreshGrant } from './refresh.ts';
import { startSession } from './sessions.ts';
import type { AmrMethod } from './sessions.ts';
import { findUserByEmail, findUserById, isBanned } from './users.ts';

// POST /token?grant_type=password|refresh_token|pkce.

export async function token(ctx: AuthContext, request: ApiRequest): Promise<ApiResponse> {
	switch (request.url.searchParams.get('grant_type')) {
		case 'password':
			return passwordGrant(ctx, request);
		case 'refresh_token':
			return refreshGrant(ctx, request);
		case 'pkce':
			return pkceGrant(ctx, request);
		default:
			throw badRequest('invalid_credentials', 'unsupported_grant_type');
	}
}

const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');

async function passwordGrant(ctx: AuthContext, request: ApiRequest): Promise<ApiResponse> {
	// Counted before anything is read, as the hosted limiter counts every sign-in request.
	ctx.limiter.takeSignInOrSignUp(request.ip);
	const body = parseBody(request);
	const email = optionalString(body, 'email');
	const phone = optionalString(body, 'phone');
	const password = optionalString(body, 'password') ?? '';
	if (email && phone)
		throw badRequest(
			'validation_failed',
			'Only an email address or phone number should be provided on login.',
		);
	if (!email && !phone) throw badRequest('validation_failed', 'missing email or phone');
	const account = (email ?? phone ?? '').trim().toLowerCase();
	ctx.limiter.assertAllowed(request.ip, account);

	const user = email ? await authTransaction(ctx, (tx) => findUserByEmail(tx, account)) : undefined;
	// Password first: whether an address is registered or confirmed is only told to its owner.
	if (!user || !(await verifyPassword(ctx.bcrypt, password, user.encrypted_password))) {
		ctx.limiter.recordFailure(request.ip, account);
		throw invalidCredentials();
	}
	if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
	if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');

	const session = await authTransaction(ctx, async (tx) => {
		const current = await findUserById(tx, user.id);
		if (!current) throw invalidCredentials();
		return startSession(ctx, tx, current, 'password', request);
	});
	const weak = weaknessOf(password, ctx.settings.passwordPolicy);
	return json(200, weak ? { ...session, weak_password: weak } : session);
}

async function pkceGrant(ctx: AuthContext, request: ApiRequest): Promise<ApiResponse> {
	const body = parseBody(request);
	const authCode = optionalString(body, 'auth_code') ?? '';
	const verifier = optionalString(body, 'code_verifier') ?? '';
	if (authCode === '' || verifier === '') {
		throw badRequest(
			'validation_failed',
			'invalid request: both auth code and code verifier should be non-empty',
		);
	}
	const session = await authTransaction(ctx, async (tx) => {
		const { userId, authMethod } = await exchangeAuthCode(
			tx,
			authCode,
			verifier,
			ctx.settings.flowStateExpirySeconds,
		);
		const user = await findUserById(tx, userId);
		if (!user) throw badRequest('user_not_found', 'User not found');
		if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
		return startSession(ctx, tx, user, authMethod as AmrMethod, request);
	});
	return json(200, session);
}
