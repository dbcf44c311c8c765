import { isObject, readJwt, verifyJwt } from '../keys/jwt.ts';
import type { JwtClaims, JwtFailure, JwtKey } from '../keys/jwt.ts';
import type { ProjectKeys } from '../keys/project-keys.ts';
import { RestError } from './errors.ts';

// PostgREST's authentication step (Auth/Jwt.hs over jose-jwt): the bearer JWT names the role the
// request runs as; no token means the anonymous role. The key set is a hosted project's: the legacy
// HS256 secret and the ES256 public key with its kid. A token's kid must name a key, its alg must be
// the key's; 30 s leeway on exp, nbf and iat. The claims become request.jwt.claims with the role
// filled in, which is what auth.uid() and auth.jwt() read.

export const ANON_ROLE = 'anon';
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);
const LEEWAY_SECONDS = 30;
// jose-jwt's JwsAlg; a header naming anything else does not parse.
const JWS_ALGS = new Set(
	['none', 'EdDSA'].concat(...['HS', 'RS', 'ES'].map((f) => [`${f}256`, `${f}384`, `${f}512`])),
);

export interface RequestRole {
	role: string;
	claims: Record<string, unknown>;
}

function invalidToken(code: string, message: string, details: string | null = null): RestError {
	return new RestError(401, code, message, details, null, {
		'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
	});
}

const badCrypto = () => invalidToken('PGRST301', 'JWT cryptographic operation failed');
const keyError = (details: string) =>
	invalidToken('PGRST301', 'No suitable key or wrong key type', details);

function failureError(failure: JwtFailure): RestError {
	switch (failure.kind) {
		case 'signature':
		case 'malformed':
			return keyError('None of the keys was able to decode the JWT');
		case 'claims_not_object':
			return invalidToken('PGRST303', 'Parsing claims failed');
		case 'expired':
			return invalidToken('PGRST303', 'JWT expired');
		case 'not_yet_valid':
			return invalidToken('PGRST303', 'JWT not yet valid');
		case 'issued_in_future':
			return invalidToken('PGRST303', 'JWT issued at future');
		case 'claim_type':
			return invalidToken('PGRST303', `The JWT '${failure.claim}' claim must be a number`);
	}
}

/** jose-jwt's decode: parse, refuse `none`, keep the keys whose kid and alg fit, try them. */
async function verifiedClaims(token: string, keys: ProjectKeys): Promise<JwtClaims> {
	const segments = readJwt(token);
	if ('parts' in segments)
		throw invalidToken('PGRST301', `Expected 3 parts in JWT; got ${segments.parts}`);
	const { header, claims } = segments;
	// The payload is only base64-decoded here; it is read as JSON after the signature checks out.
	const claimsUnreadable = !claims.ok && claims.reason === 'base64';
	if (!header.ok || !isObject(header.value) || claimsUnreadable || !segments.signatureBase64)
		throw badCrypto();
	const { alg, kid, typ, cty, enc } = header.value;
	if (alg === 'none') {
		const details = "JWT is unsecured but expected 'alg' was not 'none'";
		throw invalidToken('PGRST301', 'Wrong or unsupported encoding algorithm', details);
	}
	const optionalText = [kid, typ, cty].every(
		(v) => v === undefined || v === null || typeof v === 'string',
	);
	if (typeof alg !== 'string' || !JWS_ALGS.has(alg) || enc !== undefined || !optionalText)
		throw badCrypto();
	const candidates: JwtKey[] = [
		keys.legacyKey,
		{ alg: 'ES256', key: keys.signingKey.publicKey, kid: keys.signingKey.kid },
	];
	const key = candidates.find((c) => c.alg === alg && (kid == null || c.kid === kid));
	if (!key) throw keyError('No suitable key was found to decode the JWT');
	const result = await verifyJwt(token, key, {
		leewaySeconds: LEEWAY_SECONDS,
		checkIssuedAt: true,
	});
	if (!result.ok) throw failureError(result.failure);
	// PostgREST reads exp as an integer; a fraction reads as 0, long expired.
	if (typeof result.claims.exp === 'number' && !Number.isInteger(result.claims.exp))
		throw failureError({ kind: 'expired' });
	return result.claims;
}

/** `knownRoles` lets a role that exists but is not an API role be told apart from a made-up one. */
export async function resolveRequestRole(
	authorization: string | undefined,
	keys: ProjectKeys,
	knownRoles: Set<string>,
): Promise<RequestRole> {
	const match = authorization ? /^bearer\s*(.*)$/i.exec(authorization.trim()) : null;
	if (!match) return { role: ANON_ROLE, claims: { role: ANON_ROLE } };
	const token = (match[1] ?? '').trim();
	if (token === '') throw invalidToken('PGRST301', 'Empty JWT is sent in Authorization header');
	const claims = await verifiedClaims(token, keys);
	// Without a role claim the anonymous role; any other value is used as is (a non-string as its
	// JSON text, as PostgREST's claim path yields it), and Postgres refuses what is no role.
	const { role: claimed } = claims;
	const role =
		claimed === undefined
			? ANON_ROLE
			: typeof claimed === 'string'
				? claimed
				: JSON.stringify(claimed);
	if (!API_ROLES.has(role)) {
		// The login role may only switch to roles granted to it; others fail as Postgres would.
		if (knownRoles.has(role))
			throw new RestError(403, '42501', `permission denied to set role "${role}"`);
		throw new RestError(401, '22023', `role "${role}" does not exist`, null, null, {
			'WWW-Authenticate': 'Bearer',
		});
	}
	return { role, claims: { ...claims, role } };
}
