import { KeyObject, createHmac, sign as signWith } from 'node:crypto';
import { errors, jwtVerify } from 'jose';
import type { CryptoKey } from 'jose';

// JSON Web Tokens: verified through jose, signed with node:crypto (signJwt says why). Verification
// reports *why* a token failed, because GoTrue and PostgREST word (and code) each failure
// differently and both must be reproduced. Which key a token is checked against is each service's
// own rule, so they choose it from `readJwt`'s unverified view.

export type JwtClaims = Record<string, unknown>;
export type JwtAlgorithm = 'HS256' | 'ES256';

export type JwtFailure =
	| { kind: 'malformed' }
	| { kind: 'signature' }
	| { kind: 'claims_not_object' }
	| { kind: 'expired' }
	| { kind: 'not_yet_valid' }
	| { kind: 'issued_in_future' }
	| { kind: 'claim_type'; claim: string };

export type JwtResult = { ok: true; claims: JwtClaims } | { ok: false; failure: JwtFailure };

/** The project secret (HS256) or an EC key (ES256); `kid` is written into headers when signing. */
export interface JwtKey {
	alg: JwtAlgorithm;
	key: CryptoKey | Uint8Array;
	kid?: string;
}

export interface VerifyOptions {
	leewaySeconds: number;
	/** PostgREST refuses an `iat` in the future; golang-jwt, as GoTrue configures it, does not look. */
	checkIssuedAt?: boolean;
}

/** The secret imported once: jose would otherwise import the raw bytes again on every check. */
export async function hmacKey(secret: string): Promise<JwtKey> {
	const [bytes, hmac] = [new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }];
	const key = await crypto.subtle.importKey('raw', bytes, hmac, false, ['sign', 'verify']);
	return { alg: 'HS256', key };
}

const keyObjects = new WeakMap<object, KeyObject>();

function keyObjectOf(key: CryptoKey | Uint8Array): KeyObject | Uint8Array {
	if (key instanceof Uint8Array) return key;
	let found = keyObjects.get(key);
	if (!found) keyObjects.set(key, (found = KeyObject.from(key)));
	return found;
}

/**
 * Signs on this thread with node:crypto, not through WebCrypto (which jose uses): WebCrypto runs
 * each signature as a job on libuv's thread pool, behind whatever password hashes are queued
 * there, and tokens are signed inside the transaction that starts the session. During a flood of
 * sign-ins every session then held the only database connection for as long as the hashes ahead
 * of it took, and every other request waited. An ES256 or HS256 signature takes microseconds.
 * The token is the same JWS jose would write (header fields in the same order).
 */
export function signJwt(claims: JwtClaims, signer: JwtKey): Promise<string> {
	const header = {
		alg: signer.alg,
		...(signer.kid === undefined ? {} : { kid: signer.kid }),
		typ: 'JWT',
	};
	const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
	const input = `${encode(header)}.${encode(claims)}`;
	const key = keyObjectOf(signer.key);
	const signature =
		signer.alg === 'HS256'
			? createHmac('sha256', key).update(input).digest()
			: signWith('sha256', Buffer.from(input), {
					key: key as KeyObject,
					dsaEncoding: 'ieee-p1363',
				});
	return Promise.resolve(`${input}.${signature.toString('base64url')}`);
}

/** One segment decoded as both services do before verifying: base64url (no padding), then JSON. */
export type Segment = { ok: true; value: unknown } | { ok: false; reason: 'base64' | 'json' };

export interface JwtSegments {
	header: Segment;
	claims: Segment;
	signatureBase64: boolean;
}

function isBase64Url(segment: string): boolean {
	return /^[A-Za-z0-9_-]*$/.test(segment) && segment.length % 4 !== 1;
}

function decodeSegment(segment: string): Segment {
	if (!isBase64Url(segment)) return { ok: false, reason: 'base64' };
	try {
		return { ok: true, value: JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')) };
	} catch {
		return { ok: false, reason: 'json' };
	}
}

/** The three segments, unverified, or how many there were when not three. */
export function readJwt(token: string): JwtSegments | { parts: number } {
	const parts = token.split('.');
	if (parts.length !== 3) return { parts: parts.length };
	const [header, claims, signature] = parts as [string, string, string];
	return {
		header: decodeSegment(header),
		claims: decodeSegment(claims),
		signatureBase64: isBase64Url(signature),
	};
}

function failureOf(error: unknown): JwtFailure {
	if (error instanceof errors.JWTExpired) return { kind: 'expired' };
	if (error instanceof errors.JWTClaimValidationFailed) {
		if (error.reason === 'invalid') return { kind: 'claim_type', claim: error.claim };
		return { kind: 'not_yet_valid' };
	}
	if (error instanceof errors.JWSSignatureVerificationFailed) return { kind: 'signature' };
	if (error instanceof errors.JWTInvalid) return { kind: 'claims_not_object' };
	// JWSInvalid, JOSEAlgNotAllowed: the header or a segment is not what the key can check.
	if (error instanceof errors.JOSEError) return { kind: 'malformed' };
	throw error;
}

/** Signature, then exp and nbf (and iat if asked) with the leeway, as jose's clockTolerance applies it. */
export async function verifyJwt(
	token: string,
	key: JwtKey,
	options: VerifyOptions,
): Promise<JwtResult> {
	let claims: JwtClaims;
	try {
		const verified = await jwtVerify(token, key.key, {
			algorithms: [key.alg],
			clockTolerance: options.leewaySeconds,
		});
		claims = verified.payload;
	} catch (error) {
		return { ok: false, failure: failureOf(error) };
	}
	// jose has already refused an iat that is not a number; NaN (no iat) compares false.
	const issuedInFuture = Math.floor(Date.now() / 1000) + options.leewaySeconds < Number(claims.iat);
	if (options.checkIssuedAt && issuedInFuture)
		return { ok: false, failure: { kind: 'issued_in_future' } };
	return { ok: true, claims };
}

export function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
