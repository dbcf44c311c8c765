import { isIP } from 'node:net';
import { supabaseEnv } from './env';
import { setting } from '../config/variables';

/**
 * Customers sign in through this server, so every auth request reaches Supabase from one address
 * and would share one per-address bucket there. Supabase's "IP address forwarding" lets a request
 * made with the project's secret key (`sb_secret_…`) name the real client in `Sb-Forwarded-For`;
 * the auth service then limits by that address. Only auth requests carry the secret key: on
 * /rest/v1 it would bypass row-level security.
 */
export const forwardedForHeader = 'Sb-Forwarded-For';

export function forwardingSecretKey(): string | null {
	const key = setting('SUPABASE_SECRET_KEY');
	return key?.startsWith('sb_secret_') ? key : null;
}

function isAuthRequest(url: string, origin: string): boolean {
	try {
		const parsed = new URL(url);
		return parsed.origin === origin && parsed.pathname.startsWith('/auth/v1/');
	} catch {
		return false;
	}
}

/**
 * A fetch for a Supabase client acting for the visitor at `clientAddress`, or undefined (the
 * default fetch) when forwarding is not configured or the address is not an IP address.
 */
export function forwardingFetch(clientAddress: string): typeof fetch | undefined {
	const secret = forwardingSecretKey();
	const env = supabaseEnv();
	if (!secret || !env || !isIP(clientAddress)) return undefined;
	const origin = new URL(env.url).origin;
	return (input, init) => {
		const url = input instanceof Request ? input.url : String(input);
		if (!isAuthRequest(url, origin)) return fetch(input, init);
		const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : {}));
		headers.set('apikey', secret);
		headers.set(forwardedForHeader, clientAddress);
		return fetch(input, { ...init, headers });
	};
}

/**
 * The visitor's fetch for the auth service: their address as above, and their browser's
 * User-Agent, which the auth service records on the sessions it starts and refreshes (the
 * Security tab shows it); without it every session would look like this server.
 */
export function visitorFetch(
	clientAddress: string,
	userAgent: string | null,
): typeof fetch | undefined {
	const forwarding = forwardingFetch(clientAddress);
	const env = supabaseEnv();
	if (!userAgent || !env) return forwarding;
	const origin = new URL(env.url).origin;
	const base: typeof fetch = forwarding ?? ((input, init) => fetch(input, init));
	return (input, init) => {
		const url = input instanceof Request ? input.url : String(input);
		if (!isAuthRequest(url, origin)) return base(input, init);
		const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : {}));
		headers.set('User-Agent', userAgent);
		return base(input, { ...init, headers });
	};
}
