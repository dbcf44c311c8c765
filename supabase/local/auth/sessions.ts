import { randomInt, randomUUID } from 'node:crypto';
import type { Transaction } from '../db/database.ts';
import { header } from '../http/types.ts';
import type { ApiRequest } from '../http/types.ts';
import { signJwt } from '../keys/jwt.ts';
import { sessionSigner } from '../keys/project-keys.ts';
import { authUrl } from './context.ts';
import type { AuthContext } from './context.ts';
import { findUserById } from './users.ts';
import type { UserRow } from './users.ts';
import { userView } from './user-view.ts';

// Sessions, refresh tokens and the access-token response. A session row per sign-in, a chain of
// refresh tokens per session (each refresh revokes the parent and issues a child), and the JWT whose
// claims PostgREST and auth.uid() read.

/** How the user proved who they are; becomes the `amr` claim. */
export type AmrMethod =
	| 'password'
	| 'otp'
	| 'magiclink'
	| 'recovery'
	| 'invite'
	| 'email/signup'
	| 'email_change'
	| 'oauth'
	| 'totp';

/** Methods that prove a second factor: any of them makes the session aal2 (CalculateAALAndAMR). */
const SECOND_FACTOR_METHODS = new Set(['totp', 'mfa/phone', 'mfa/webauthn']);

export interface TokenResponse {
	access_token: string;
	token_type: 'bearer';
	expires_in: number;
	expires_at: number;
	refresh_token: string;
	user: Record<string, unknown>;
	weak_password?: { message: string; reasons: string[] };
}

const REFRESH_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** GoTrue's legacy refresh tokens: 12 random characters of [a-z0-9]. */
export function newRefreshToken(): string {
	let token = '';
	for (let i = 0; i < 12; i += 1) token += REFRESH_ALPHABET[randomInt(REFRESH_ALPHABET.length)];
	return token;
}

export async function insertRefreshToken(
	tx: Transaction,
	userId: string,
	sessionId: string,
	parent: string | null,
): Promise<string> {
	const token = newRefreshToken();
	await tx.query(
		`insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
		 values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
		[token, userId, parent, sessionId],
	);
	return token;
}

export async function startSession(
	ctx: AuthContext,
	tx: Transaction,
	user: UserRow,
	method: AmrMethod,
	request: ApiRequest,
): Promise<TokenResponse> {
	const sessionId = randomUUID();
	await tx.query(
		`insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
		 values ($1, $2, now(), now(), 'aal1', $3, $4::inet)`,
		[sessionId, user.id, header(request, 'user-agent') ?? null, ipOrNull(request.ip)],
	);
	await tx.query(
		`insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
		 values ($1, now(), now(), $2, $3)`,
		[sessionId, method, randomUUID()],
	);
	const refreshToken = await insertRefreshToken(tx, user.id, sessionId, null);
	await tx.query(
		'update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1',
		[user.id],
	);
	await tx.query(`update auth.identities set last_sign_in_at = now() where user_id = $1`, [
		user.id,
	]);
	const fresh = (await findUserById(tx, user.id)) as UserRow;
	return tokenResponse(ctx, tx, fresh, sessionId, refreshToken);
}

export async function tokenResponse(
	ctx: AuthContext,
	tx: Transaction,
	user: UserRow,
	sessionId: string,
	refreshToken: string,
): Promise<TokenResponse> {
	const { rows } = await tx.query<{ method: string; at: number }>(
		// A method used again refreshes its row's updated_at, which is the timestamp the claim shows.
		`select authentication_method as method, extract(epoch from updated_at)::bigint as at
		 from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
		[sessionId],
	);
	const iat = Math.floor(Date.now() / 1000);
	const exp = iat + ctx.settings.jwtExpirySeconds;
	const claims = {
		iss: authUrl(ctx),
		sub: user.id,
		aud: user.aud ?? 'authenticated',
		exp,
		iat,
		email: user.email ?? '',
		phone: user.phone ?? '',
		app_metadata: user.raw_app_meta_data ?? {},
		user_metadata: user.raw_user_meta_data ?? {},
		role: user.role ?? 'authenticated',
		aal: rows.some((row) => SECOND_FACTOR_METHODS.has(row.method)) ? 'aal2' : 'aal1',
		amr: rows.map((row) => ({ method: row.method, timestamp: Number(row.at) })),
		session_id: sessionId,
		is_anonymous: user.is_anonymous,
	};
	return {
		access_token: await signJwt(claims, sessionSigner(ctx.keys)),
		token_type: 'bearer',
		expires_in: ctx.settings.jwtExpirySeconds,
		expires_at: exp,
		refresh_token: refreshToken,
		user: await userView(tx, user),
	};
}

/** AddClaimToSession: records a sign-in method on the session, or refreshes its time if used before. */
export async function addAmrClaim(
	tx: Transaction,
	sessionId: string,
	method: AmrMethod,
): Promise<void> {
	await tx.query(
		`insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
		 values ($1, now(), now(), $2, $3)
		 on conflict (session_id, authentication_method) do update set updated_at = now()`,
		[sessionId, method, randomUUID()],
	);
}

export async function sessionExists(tx: Transaction, sessionId: string): Promise<boolean> {
	const { rows } = await tx.query('select 1 from auth.sessions where id = $1', [sessionId]);
	return rows.length > 0;
}

export function ipOrNull(ip: string): string | null {
	return /^[0-9a-f.:]+$/i.test(ip) ? ip.replace(/^::ffff:/, '') : null;
}
