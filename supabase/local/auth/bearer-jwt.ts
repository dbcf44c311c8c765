import { isObject, readJwt, verifyJwt } from '../keys/jwt.ts';
import type { JwtClaims, JwtKey, Segment } from '../keys/jwt.ts';
import type { ProjectKeys } from '../keys/project-keys.ts';
import { forbidden } from './errors.ts';

// GoTrue's parseJWTClaims (internal/api/auth.go) over golang-jwt v5's parser, in its order: decode
// header and claims, look up the alg, accept only the methods of the configured keys (ES256 and the
// legacy HS256 secret), pick the key (a known kid names its public key; otherwise HS256 falls back to
// the secret), verify, then exp and nbf without leeway. Every failure is 403 bad_jwt with
// golang-jwt's wording after GoTrue's prefix.

const VALID_METHODS = new Set(['ES256', 'HS256']);
// The methods golang-jwt registers; any other alg is "unavailable" rather than "invalid".
const KNOWN_METHODS = new Set(
	['HS', 'RS', 'PS', 'ES'].flatMap((family) => ['256', '384', '512'].map((bits) => family + bits)),
);
KNOWN_METHODS.add('EdDSA').add('none');

const TIME_CLAIMS = ['exp', 'nbf', 'iat'];

function malformed(what: 'header' | 'claim', segment: Segment): string | undefined {
	if (segment.ok && isObject(segment.value)) return undefined;
	const step = !segment.ok && segment.reason === 'base64' ? 'base64' : 'JSON';
	return `token is malformed: could not ${step} decode ${what}`;
}

/** Go's %v of a header value, as the keyfunc error prints the kid. */
function goValue(value: unknown): string {
	if (value === undefined || value === null) return '<nil>';
	return typeof value === 'string' ? value : JSON.stringify(value);
}

async function checkToken(keys: ProjectKeys, token: string): Promise<string | JwtClaims> {
	const segments = readJwt(token);
	if ('parts' in segments)
		return 'token is malformed: token contains an invalid number of segments';
	const broken = malformed('header', segments.header) ?? malformed('claim', segments.claims);
	if (broken) return broken;
	const header = (segments.header as { value: Record<string, unknown> }).value;
	const claims = (segments.claims as { value: Record<string, unknown> }).value;
	// The claims decode into NumericDate fields, so a non-number time fails as malformed JSON.
	for (const claim of TIME_CLAIMS) {
		if (claims[claim] !== undefined && claims[claim] !== null && typeof claims[claim] !== 'number')
			return 'token is malformed: could not JSON decode claim: could not parse NumericData';
	}
	const alg = header.alg;
	if (typeof alg !== 'string') return 'token is unverifiable: signing method (alg) is unspecified';
	if (!KNOWN_METHODS.has(alg)) return 'token is unverifiable: signing method (alg) is unavailable';
	if (!segments.signatureBase64) return 'token is malformed: could not base64 decode signature';
	if (!VALID_METHODS.has(alg))
		return `token signature is invalid: signing method ${alg} is invalid`;
	let key: JwtKey;
	if (header.kid === keys.signingKey.kid) key = { alg: 'ES256', key: keys.signingKey.publicKey };
	else if (alg === 'HS256') key = keys.legacyKey;
	else
		return `token is unverifiable: error while executing keyfunc: unrecognized JWT kid ${goValue(header.kid)} for algorithm ${alg}`;
	if (key.alg !== alg)
		return 'token signature is invalid: key is of invalid type: HMAC verify expects []byte';
	const result = await verifyJwt(token, key, { leewaySeconds: 0 });
	if (result.ok) return result.claims;
	switch (result.failure.kind) {
		case 'expired':
			return 'token has invalid claims: token is expired';
		case 'not_yet_valid':
			return 'token has invalid claims: token is not valid yet';
		case 'signature':
			return alg === 'ES256'
				? 'token signature is invalid: crypto/ecdsa: verification error'
				: 'token signature is invalid: signature is invalid';
		default:
			return 'token is malformed: could not JSON decode claim';
	}
}

/** The bearer token's claims, or GoTrue's 403 bad_jwt saying why it was refused. */
export async function verifyBearerJwt(keys: ProjectKeys, token: string): Promise<JwtClaims> {
	const outcome = await checkToken(keys, token);
	if (typeof outcome !== 'string') return outcome;
	throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${outcome}`);
}
