import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Backend } from '../local-backend.ts';

// The customer as a browser: an account made by the operator (confirmed), signed in through the
// site's own /login form, and from then on the session cookies it set on every request. Both site
// servers are the same site, so the same cookies go to both, with each server's own origin in
// `Origin`, as a browser sends it on a same-origin request.

export interface Customer {
	id: string;
	email: string;
	password: string;
	/** The Cookie header a browser would send after signing in. */
	cookie: string;
}

const noSession = { auth: { persistSession: false, autoRefreshToken: false } };

export function serviceRole(backend: Backend) {
	return createClient(
		backend.env.PUBLIC_SUPABASE_URL!,
		backend.env.SUPABASE_SERVICE_ROLE_KEY!,
		noSession,
	);
}

/** The cookies a response sets, as `name=value` pairs; removals (Max-Age=0) are dropped. */
function cookiesOf(response: Response): string[] {
	return response.headers
		.getSetCookie()
		.filter((line) => !/;\s*max-age=0\b/i.test(line))
		.map((line) => line.split(';')[0]!.trim());
}

export async function signedInCustomer(admin: SupabaseClient, origin: string): Promise<Customer> {
	const email = `two-servers-${randomUUID().slice(0, 8)}@bench.example`;
	const password = 'Twin-Harbour-Lantern-74';
	const { data, error } = await admin.auth.admin.createUser({
		email,
		password,
		email_confirm: true,
	});
	if (error || !data.user) throw new Error(`createUser: ${error?.message ?? 'no user'}`);
	const response = await fetch(`${origin}/login`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
		body: new URLSearchParams({ email, password }),
	});
	const cookies = cookiesOf(response);
	if (response.status !== 303 || !cookies.some((c) => /^sb-.*-auth-token/.test(c)))
		throw new Error(
			`Sign-in through ${origin}/login answered ${response.status} without a session`,
		);
	return { id: data.user.id, email, password, cookie: cookies.join('; ') };
}

/** Headers of a same-origin request from the signed-in browser (JSON body when `json`). */
export function browserHeaders(
	origin: string,
	customer: Customer,
	json = true,
): Record<string, string> {
	return {
		Origin: origin,
		Referer: `${origin}/checkout`,
		Cookie: customer.cookie,
		Accept: 'application/json',
		...(json ? { 'Content-Type': 'application/json' } : {}),
	};
}
