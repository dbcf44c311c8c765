import type { ProjectKeys } from '../keys/project-keys.ts';
import { header, json } from './types.ts';
import type { ApiRequest, ApiResponse } from './types.ts';

// What the hosted API gateway does before a request reaches GoTrue or PostgREST: it requires one of
// the project's API keys (header `apikey` or query parameter), and maps the opaque sb_ keys to the
// legacy role JWTs, because the services behind it only understand JWTs.

export type KeyRole = 'anon' | 'service_role';

export type GatewayResult =
	| {
			ok: true;
			authorization: string | undefined;
			keyRole: KeyRole;
			/** The caller used the secret key (sb_secret_…): only then may it forward a client address. */
			secretKey: boolean;
	  }
	| { ok: false; response: ApiResponse };

// GoTrue routes the gateway serves without a key: browsers land on them from e-mail links and redirects.
// The Google stand-in's pages (auth/google-stand-in.ts) play accounts.google.com, which needs no key.
const OPEN_AUTH_PATHS = new Set([
	'/verify',
	'/callback',
	'/authorize',
	'/.well-known/jwks.json',
	'/google-stand-in',
	'/google-stand-in/code',
	'/google-stand-in/approve',
	'/google-stand-in/picture',
]);

export function isOpenAuthPath(path: string): boolean {
	return OPEN_AUTH_PATHS.has(path);
}

function roleOfKey(
	key: string,
	keys: ProjectKeys,
): { role: KeyRole; jwt: string; opaque: boolean } | undefined {
	if (key === keys.anonKey) return { role: 'anon', jwt: keys.anonKey, opaque: false };
	if (key === keys.serviceRoleKey)
		return { role: 'service_role', jwt: keys.serviceRoleKey, opaque: false };
	if (key === keys.publishableKey) return { role: 'anon', jwt: keys.anonKey, opaque: true };
	if (key === keys.secretKey)
		return { role: 'service_role', jwt: keys.serviceRoleKey, opaque: true };
	return undefined;
}

export function passGateway(request: ApiRequest, keys: ProjectKeys): GatewayResult {
	const apikey = header(request, 'apikey') ?? request.url.searchParams.get('apikey') ?? undefined;
	if (!apikey) {
		return {
			ok: false,
			response: json(401, {
				message: 'No API key found in request',
				hint: 'No `apikey` request header or url param was found.',
			}),
		};
	}
	const key = roleOfKey(apikey, keys);
	if (!key) {
		return {
			ok: false,
			response: json(401, {
				message: 'Invalid API key',
				hint: 'Double check your Supabase `anon` or `service_role` API key.',
			}),
		};
	}
	const secretKey = apikey === keys.secretKey;
	const authorization = header(request, 'authorization');
	if (authorization && !/^bearer sb_/i.test(authorization))
		return { ok: true, authorization, keyRole: key.role, secretKey };
	// No bearer, or an opaque key as bearer: the gateway substitutes the role JWT for opaque keys only.
	if (key.opaque || (authorization && /^bearer sb_/i.test(authorization))) {
		const bearer = authorization ? roleOfKey(authorization.slice(7).trim(), keys) : key;
		if (!bearer) {
			return {
				ok: false,
				response: json(401, {
					message: 'Invalid API key',
					hint: 'Double check your Supabase `anon` or `service_role` API key.',
				}),
			};
		}
		return { ok: true, authorization: `Bearer ${bearer.jwt}`, keyRole: key.role, secretKey };
	}
	return { ok: true, authorization: undefined, keyRole: key.role, secretKey };
}
