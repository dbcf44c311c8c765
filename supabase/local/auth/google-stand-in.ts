import { createHash } from 'node:crypto';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { signJwt, verifyJwt } from '../keys/jwt.ts';
import { authTransaction, authUrl } from './context.ts';
import type { AuthContext } from './context.ts';
import { badRequest } from './errors.ts';
import { validateEmail } from './email-address.ts';
import { standInPage, type StandInAccount } from './google-stand-in-page.ts';

// What accounts.google.com does for GoTrue, played offline: the sign-in page (pick a recent account
// or type an address and a name), then back to the stack's /callback with a code, or with
// error=access_denied when the tester cancels. The code is the stand-in's own signed note of the
// chosen account; /callback redeems it as GoTrue redeems Google's code at Google's token endpoint.

export interface GoogleAccount {
	sub: string;
	email: string;
	name: string;
}

const CODE_LIFETIME_SECONDS = 60;

/** Google's subjects are 21 digits; this one is stable per address, so an account keeps its id. */
export function standInSubject(email: string): string {
	const digest = createHash('sha256').update(email.toLowerCase()).digest();
	return `1${digest.readBigUInt64BE(0).toString().padStart(20, '0').slice(0, 20)}`;
}

/** Only the stack's own /callback is a registered redirect URI, as in a Google client's settings. */
function callbackOf(ctx: AuthContext, request: ApiRequest): string {
	const redirectUri = request.url.searchParams.get('redirect_uri');
	if (redirectUri !== `${authUrl(ctx)}/callback`)
		throw badRequest('validation_failed', 'redirect_uri_mismatch');
	return redirectUri;
}

export async function standInSignIn(ctx: AuthContext, request: ApiRequest): Promise<ApiResponse> {
	callbackOf(ctx, request);
	const { rows } = await authTransaction(ctx, (tx) =>
		tx.query<StandInAccount>(
			`select identity_data ->> 'email' as email, coalesce(identity_data ->> 'name', '') as name
			 from auth.identities where provider = 'google' order by last_sign_in_at desc nulls last limit 5`,
		),
	);
	return {
		status: 200,
		headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
		body: standInPage(request.url.searchParams, rows),
	};
}

export async function standInApprove(ctx: AuthContext, request: ApiRequest): Promise<ApiResponse> {
	const query = request.url.searchParams;
	const back = new URL(callbackOf(ctx, request));
	back.searchParams.set('state', query.get('state') ?? '');
	if (query.get('deny') !== null) {
		back.searchParams.set('error', 'access_denied');
		back.searchParams.set('error_description', 'The user denied access');
	} else {
		const email = validateEmail(query.get('email') ?? undefined);
		const name = (query.get('name') ?? '').trim().slice(0, 100) || email.split('@')[0]!;
		const account: GoogleAccount = { sub: standInSubject(email), email, name };
		const exp = Math.floor(Date.now() / 1000) + CODE_LIFETIME_SECONDS;
		back.searchParams.set(
			'code',
			await signJwt({ typ: 'google-stand-in', exp, ...account }, ctx.keys.legacyKey),
		);
	}
	return { status: 302, headers: { Location: back.href } };
}

/** The token endpoint's part: the account a code names, or undefined for anything else. */
export async function redeemStandInCode(
	ctx: AuthContext,
	code: string,
): Promise<GoogleAccount | undefined> {
	const result = await verifyJwt(code, ctx.keys.legacyKey, { leewaySeconds: 0 });
	if (!result.ok || result.claims.typ !== 'google-stand-in') return undefined;
	const { sub, email, name } = result.claims;
	if (typeof sub !== 'string' || typeof email !== 'string' || typeof name !== 'string')
		return undefined;
	return { sub, email, name };
}
