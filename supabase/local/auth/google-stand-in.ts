import { createHash } from 'node:crypto';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { signJwt, verifyJwt } from '../keys/jwt.ts';
import { authUrl } from './context.ts';
import type { AuthContext } from './context.ts';
import { AuthError, badRequest } from './errors.ts';
import { validateEmail } from './email-address.ts';
import { addressPage, codePage, messagePage, type StandInRoutes } from './google-stand-in-page.ts';
import { mailStandInCode } from './google-stand-in-mail.ts';
import { standInPictureUrl } from './google-stand-in-picture.ts';

// What accounts.google.com does for GoTrue, played offline: the sign-in page (an address and a
// name), the proof that the address is the tester's (a code mailed to it, google-stand-in-proofs.ts),
// then back to the stack's /callback with a code, or with error=access_denied when the tester
// cancels. The code is the stand-in's own signed note of the proven account; /callback redeems it as
// GoTrue redeems Google's code at Google's token endpoint.

export interface GoogleAccount {
	sub: string;
	email: string;
	name: string;
	/** The profile picture's address (google-stand-in-picture.ts). */
	picture: string;
	/** Google's `email_verified`: only a proven address is ever handed out, so always true here. */
	emailVerified: boolean;
}

// The signed note /callback redeems, as short-lived as an OAuth code.
const NOTE_LIFETIME_SECONDS = 60;

/** Google's subjects are 21 digits; this one is stable per address, so an account keeps its id. */
export function standInSubject(email: string): string {
	const digest = createHash('sha256').update(email.toLowerCase()).digest();
	return `1${digest.readBigUInt64BE(0).toString().padStart(20, '0').slice(0, 20)}`;
}

function routesOf(ctx: AuthContext): StandInRoutes {
	const base = `${authUrl(ctx)}/google-stand-in`;
	return { page: base, code: `${base}/code`, approve: `${base}/approve` };
}

/** Only the stack's own /callback is a registered redirect URI, as in a Google client's settings. */
function callbackOf(ctx: AuthContext, redirectUri: string | null): string {
	if (redirectUri !== `${authUrl(ctx)}/callback`)
		throw badRequest('validation_failed', 'redirect_uri_mismatch');
	return redirectUri;
}

function html(status: number, body: string, headers: Record<string, string> = {}): ApiResponse {
	return {
		status,
		headers: {
			'Content-Type': 'text/html; charset=utf-8',
			'Cache-Control': 'no-store',
			...headers,
		},
		body,
	};
}

const formOf = (request: ApiRequest) => new URLSearchParams(request.body.toString('utf8'));

/** GET /google-stand-in: the address page. */
export function standInSignIn(ctx: AuthContext, request: ApiRequest): ApiResponse {
	const query = request.url.searchParams;
	const redirectUri = callbackOf(ctx, query.get('redirect_uri'));
	return html(200, addressPage(routesOf(ctx), { state: query.get('state') ?? '', redirectUri }));
}

/** POST /google-stand-in/code: mails a code to the typed address and asks for it. */
export function standInSendCode(ctx: AuthContext, request: ApiRequest): ApiResponse {
	const form = formOf(request);
	const carried = {
		state: form.get('state') ?? '',
		redirectUri: callbackOf(ctx, form.get('redirect_uri')),
	};
	let email: string;
	try {
		email = validateEmail(form.get('email') ?? undefined);
	} catch (error) {
		if (!(error instanceof AuthError)) throw error;
		return html(400, addressPage(routesOf(ctx), carried, 'Enter a valid e-mail address.'));
	}
	const name = (form.get('name') ?? '').trim().slice(0, 100) || email.split('@')[0]!;
	const { ticket, code } = ctx.standIn.issue({ ...carried, email, name });
	mailStandInCode(ctx, email, code);
	return html(200, codePage(routesOf(ctx), { ...carried, ticket, email }));
}

async function callbackWithCode(ctx: AuthContext, account: GoogleAccount, state: string) {
	const back = new URL(`${authUrl(ctx)}/callback`);
	back.searchParams.set('state', state);
	const exp = Math.floor(Date.now() / 1000) + NOTE_LIFETIME_SECONDS;
	const { sub, email, name, picture } = account;
	const note = { typ: 'google-stand-in', exp, sub, email, name, picture, email_verified: true };
	back.searchParams.set('code', await signJwt(note, ctx.keys.legacyKey));
	return { status: 302, headers: { Location: back.href } };
}

/** POST /google-stand-in/approve: the mailed code, entered on its ticket, signs in once. */
export async function standInApprove(ctx: AuthContext, request: ApiRequest): Promise<ApiResponse> {
	const form = formOf(request);
	const ticket = form.get('ticket') ?? '';
	const redeemed = ctx.standIn.redeem(ticket, form.get('code') ?? '');
	if (redeemed.ok) {
		const { email, name, state } = redeemed.signIn;
		const sub = standInSubject(email);
		const picture = standInPictureUrl(ctx, sub, name);
		return callbackWithCode(ctx, { sub, email, name, picture, emailVerified: true }, state);
	}
	if (redeemed.reason === 'wrong') {
		const page = codePage(routesOf(ctx), { ...redeemed.signIn, ticket }, 'That code is not right.');
		return html(400, page);
	}
	if (redeemed.reason === 'locked') {
		const minutes = Math.ceil(redeemed.retryAfterSeconds / 60);
		const message = `Too many wrong codes for this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
		return html(429, messagePage(message), { 'Retry-After': String(redeemed.retryAfterSeconds) });
	}
	return html(400, messagePage('This sign-in has expired or was used. Start again.'));
}

/** GET /google-stand-in/approve?deny=1: the tester cancels; nothing else is approved by a link. */
export function standInDeny(ctx: AuthContext, request: ApiRequest): ApiResponse {
	const query = request.url.searchParams;
	const back = new URL(callbackOf(ctx, query.get('redirect_uri')));
	if (query.get('deny') === null)
		return html(400, messagePage('Sign in with the code mailed to the address.'));
	back.searchParams.set('state', query.get('state') ?? '');
	back.searchParams.set('error', 'access_denied');
	back.searchParams.set('error_description', 'The user denied access');
	return { status: 302, headers: { Location: back.href } };
}

/** The token endpoint's part: the account a code names, or undefined for anything else. */
export async function redeemStandInCode(
	ctx: AuthContext,
	code: string,
): Promise<GoogleAccount | undefined> {
	const result = await verifyJwt(code, ctx.keys.legacyKey, { leewaySeconds: 0 });
	if (!result.ok || result.claims.typ !== 'google-stand-in') return undefined;
	const { sub, email, name, picture, email_verified } = result.claims;
	if (
		typeof sub !== 'string' ||
		typeof email !== 'string' ||
		typeof name !== 'string' ||
		typeof picture !== 'string'
	)
		return undefined;
	return { sub, email, name, picture, emailVerified: email_verified === true };
}
