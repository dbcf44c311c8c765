import { header, json } from '../http/types.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';

// GoTrue's two error shapes. Clients that send `X-Supabase-Api-Version: 2024-01-01` (auth-js does on
// every call) get `{code, message}` and the header echoed back; auth-js only trusts `body.code` when
// that response header is present, so forgetting it silently turns every error.code into undefined.
// Anything else (a browser following a link, curl) gets the legacy `{code: <status>, error_code, msg}`.

export const API_VERSION_2024 = '2024-01-01';

export class AuthError extends Error {
	readonly status: number;
	readonly code: string;
	/** Extra top-level fields, e.g. `weak_password: {reasons}`. */
	readonly extra: Record<string, unknown>;
	/** Response headers, e.g. `Retry-After`. */
	readonly headers: Record<string, string>;

	constructor(
		status: number,
		code: string,
		message: string,
		extra: Record<string, unknown> = {},
		headers: Record<string, string> = {},
	) {
		super(message);
		this.name = 'AuthError';
		this.status = status;
		this.code = code;
		this.extra = extra;
		this.headers = headers;
	}
}

/** OAuth2-style error body: `{error, error_description}`, always 400. */
export class OAuthError extends Error {
	readonly error: string;
	constructor(error: string, description: string) {
		super(description);
		this.name = 'OAuthError';
		this.error = error;
	}
}

export const badRequest = (code: string, message: string): AuthError =>
	new AuthError(400, code, message);
export const forbidden = (code: string, message: string): AuthError =>
	new AuthError(403, code, message);
export const unprocessable = (code: string, message: string): AuthError =>
	new AuthError(422, code, message);
export const notFound = (code: string, message: string): AuthError =>
	new AuthError(404, code, message);
export const tooManyRequests = (code: string, message: string): AuthError =>
	new AuthError(429, code, message);

/** Whether the request asked for the 2024-01-01 API (a valid date on or after it). */
export function wantsVersion2024(request: ApiRequest): boolean {
	const requested = header(request, 'x-supabase-api-version');
	if (!requested || !/^\d{4}-\d{2}-\d{2}$/.test(requested)) return false;
	return requested >= API_VERSION_2024;
}

export function renderAuthError(error: AuthError | OAuthError, request: ApiRequest): ApiResponse {
	if (error instanceof OAuthError) {
		return json(400, { error: error.error, error_description: error.message });
	}
	if (wantsVersion2024(request)) {
		return json(
			error.status,
			{ code: error.code, message: error.message, ...error.extra },
			{
				...error.headers,
				'X-Supabase-Api-Version': API_VERSION_2024,
				'x-sb-error-code': error.code,
			},
		);
	}
	return json(
		error.status,
		{ code: error.status, error_code: error.code, msg: error.message, ...error.extra },
		error.headers,
	);
}
