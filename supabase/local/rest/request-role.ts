import { verifyJwt } from '../keys/jwt.ts';
import type { JwtFailure } from '../keys/jwt.ts';
import { RestError } from './errors.ts';

// PostgREST's authentication step: the bearer JWT (HS256, 30 s leeway on exp/nbf/iat) names the role
// the request runs as; no token means the anonymous role. The claims become request.jwt.claims with
// the role filled in, which is what auth.uid() and auth.jwt() read.

export const ANON_ROLE = 'anon';
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);
const LEEWAY_SECONDS = 30;

export interface RequestRole {
	role: string;
	claims: Record<string, unknown>;
}

function invalidToken(code: string, message: string): RestError {
	return new RestError(401, code, message, null, null, {
		'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
	});
}

function failureError(failure: JwtFailure): RestError {
	switch (failure.kind) {
		case 'parts':
			return invalidToken('PGRST301', `Expected 3 parts in JWT; got ${failure.parts}`);
		case 'malformed':
		case 'signature':
			return invalidToken('PGRST301', 'JWT cryptographic operation failed');
		case 'algorithm':
			return invalidToken('PGRST301', 'Wrong or unsupported encoding algorithm');
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

/** `knownRoles` lets a role that exists but is not an API role be told apart from a made-up one. */
export function resolveRequestRole(
	authorization: string | undefined,
	jwtSecret: string,
	knownRoles: Set<string>,
): RequestRole {
	const match = authorization ? /^bearer\s*(.*)$/i.exec(authorization.trim()) : null;
	if (!match) return { role: ANON_ROLE, claims: { role: ANON_ROLE } };
	const token = (match[1] ?? '').trim();
	if (token === '') throw invalidToken('PGRST301', 'Empty JWT is sent in Authorization header');
	const result = verifyJwt(token, jwtSecret, LEEWAY_SECONDS);
	if (!result.ok) throw failureError(result.failure);
	const role =
		typeof result.claims.role === 'string' && result.claims.role !== ''
			? result.claims.role
			: ANON_ROLE;
	if (!API_ROLES.has(role)) {
		// The login role may only switch to roles granted to it; others fail as Postgres would.
		if (knownRoles.has(role))
			throw new RestError(403, '42501', `permission denied to set role "${role}"`);
		throw new RestError(401, '22023', `role "${role}" does not exist`, null, null, {
			'WWW-Authenticate': 'Bearer',
		});
	}
	return { role, claims: { ...result.claims, role } };
}
