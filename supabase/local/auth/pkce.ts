import { createHash, randomUUID } from 'node:crypto';
import type { Transaction } from '../db/database.ts';
import { AuthError, badRequest, notFound } from './errors.ts';

// PKCE (RFC 7636) as GoTrue does it for e-mail flows: the challenge is stored in auth.flow_state when
// the mail is sent; following the link issues an auth code; POST /token?grant_type=pkce trades that
// code plus the verifier for a session, once.

export interface PkceRequest {
	challenge: string;
	method: 's256' | 'plain';
}

const CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

/** Both fields or neither (auth-js sends nulls when not in PKCE mode). */
export function parsePkceParams(
	challenge: string | undefined,
	method: string | undefined,
): PkceRequest | undefined {
	if (!challenge && !method) return undefined;
	if (!challenge || !method) {
		throw badRequest(
			'validation_failed',
			'PKCE flow requires code_challenge_method and code_challenge',
		);
	}
	const normalised = method.toLowerCase();
	if (normalised !== 's256' && normalised !== 'plain') {
		throw badRequest('validation_failed', `code challenge method not supported: ${method}`);
	}
	if (!CHALLENGE.test(challenge)) {
		throw badRequest(
			'validation_failed',
			'code challenge has to be between 43 and 128 characters and use only unreserved characters',
		);
	}
	return { challenge, method: normalised };
}

export async function createFlowState(
	tx: Transaction,
	userId: string,
	pkce: PkceRequest,
	authMethod: string,
): Promise<void> {
	await tx.query(
		`insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
		   created_at, updated_at, authentication_method)
		 values ($1, $2, $3, $4, $5, 'email', now(), now(), $6)`,
		[randomUUID(), userId, randomUUID(), pkce.method, pkce.challenge, authMethod],
	);
}

/** After the e-mail link was verified: stamps the newest matching flow state and returns its code. */
export async function issueAuthCode(
	tx: Transaction,
	userId: string,
	authMethods: string[],
): Promise<string | undefined> {
	const { rows } = await tx.query<{ auth_code: string }>(
		`update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
		 where id = (select id from auth.flow_state where user_id = $1 and authentication_method = any($2::text[])
		             order by created_at desc limit 1)
		 returning auth_code`,
		[userId, authMethods],
	);
	return rows[0]?.auth_code;
}

export async function exchangeAuthCode(
	tx: Transaction,
	authCode: string,
	verifier: string,
	expirySeconds: number,
): Promise<{ userId: string; authMethod: string }> {
	const { rows } = await tx.query<{
		id: string;
		user_id: string;
		code_challenge: string;
		code_challenge_method: string;
		authentication_method: string;
		expired: boolean;
	}>(
		`select id, user_id, code_challenge, code_challenge_method, authentication_method,
		   (auth_code_issued_at is null or auth_code_issued_at < now() - make_interval(secs => $2)) as expired
		 from auth.flow_state where auth_code = $1`,
		[authCode, expirySeconds],
	);
	const flow = rows[0];
	if (!flow?.user_id)
		throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
	if (flow.expired)
		throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
	const computed =
		flow.code_challenge_method === 'plain'
			? verifier
			: createHash('sha256').update(verifier).digest('base64url');
	if (computed !== flow.code_challenge) {
		throw badRequest(
			'bad_code_verifier',
			'code challenge does not match previously saved code verifier',
		);
	}
	await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
	return { userId: flow.user_id, authMethod: flow.authentication_method };
}
