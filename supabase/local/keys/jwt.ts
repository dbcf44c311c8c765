import { createHmac, timingSafeEqual } from 'node:crypto';

// HS256 JSON Web Tokens with Node's own crypto. Verification reports *why* a token failed, because
// GoTrue and PostgREST word (and code) each failure differently and both must be reproduced.

export type JwtClaims = Record<string, unknown>;

export type JwtFailure =
	| { kind: 'parts'; parts: number }
	| { kind: 'malformed' }
	| { kind: 'algorithm'; alg: string }
	| { kind: 'signature' }
	| { kind: 'expired' }
	| { kind: 'not_yet_valid' }
	| { kind: 'issued_in_future' }
	| { kind: 'claim_type'; claim: 'exp' | 'nbf' | 'iat' };

export type JwtResult = { ok: true; claims: JwtClaims } | { ok: false; failure: JwtFailure };

const SEGMENT = /^[A-Za-z0-9_-]+$/;

export function base64url(input: string | Buffer): string {
	return Buffer.from(input).toString('base64url');
}

function sign(data: string, secret: string): string {
	return createHmac('sha256', secret).update(data).digest('base64url');
}

export function signJwt(claims: JwtClaims, secret: string): string {
	const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
	const body = base64url(JSON.stringify(claims));
	return `${head}.${body}.${sign(`${head}.${body}`, secret)}`;
}

function decodeSegment(segment: string): unknown {
	if (!SEGMENT.test(segment)) throw new Error('not base64url');
	return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
}

/** Decodes and checks signature and time claims. `leewaySeconds` applies to exp, nbf and iat. */
export function verifyJwt(
	token: string,
	secret: string,
	leewaySeconds: number,
	now = Date.now(),
): JwtResult {
	const parts = token.split('.');
	if (parts.length !== 3) return { ok: false, failure: { kind: 'parts', parts: parts.length } };
	const [head, body, signature] = parts as [string, string, string];
	let header: unknown;
	let claims: unknown;
	try {
		header = decodeSegment(head);
		claims = decodeSegment(body);
	} catch {
		return { ok: false, failure: { kind: 'malformed' } };
	}
	if (!isObject(header) || !isObject(claims)) return { ok: false, failure: { kind: 'malformed' } };
	if (header.alg !== 'HS256')
		return { ok: false, failure: { kind: 'algorithm', alg: String(header.alg) } };
	const expected = Buffer.from(sign(`${head}.${body}`, secret));
	const given = Buffer.from(signature);
	if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
		return { ok: false, failure: { kind: 'signature' } };
	}
	const seconds = now / 1000;
	for (const claim of ['exp', 'nbf', 'iat'] as const) {
		if (claims[claim] !== undefined && typeof claims[claim] !== 'number') {
			return { ok: false, failure: { kind: 'claim_type', claim } };
		}
	}
	if (typeof claims.exp === 'number' && seconds > claims.exp + leewaySeconds)
		return { ok: false, failure: { kind: 'expired' } };
	if (typeof claims.nbf === 'number' && seconds < claims.nbf - leewaySeconds) {
		return { ok: false, failure: { kind: 'not_yet_valid' } };
	}
	if (typeof claims.iat === 'number' && seconds < claims.iat - leewaySeconds) {
		return { ok: false, failure: { kind: 'issued_in_future' } };
	}
	return { ok: true, claims };
}

export function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
