import { createClient } from '@supabase/supabase-js';
import type { LocalStack } from '@frostnode/local-supabase';

// Google sign-in as a browser runs it on the local stack, with fetch following each redirect: the
// site's signInWithOAuth, the stand-in's choice of account, /callback, and the code exchanged.

async function next(url: string): Promise<string> {
	const response = await fetch(url, { redirect: 'manual' });
	const location = response.headers.get('location');
	if (response.status !== 302 || !location) throw new Error(`${url}: ${response.status}`);
	return location;
}

/** A client signed in as the Google account `email` (signed up, found or linked by the stack). */
export async function signInWithGoogle(stack: LocalStack, email: string, name: string) {
	const client = createClient(stack.url, stack.anonKey, {
		auth: { flowType: 'pkce', persistSession: false, autoRefreshToken: false },
	});
	const { data } = await client.auth.signInWithOAuth({
		provider: 'google',
		options: { redirectTo: 'http://localhost:4321/auth/callback', skipBrowserRedirect: true },
	});
	const standIn = new URL(await next(data.url ?? ''));
	const approve = new URL('google-stand-in/approve', standIn);
	approve.search = new URLSearchParams({
		state: standIn.searchParams.get('state') ?? '',
		redirect_uri: standIn.searchParams.get('redirect_uri') ?? '',
		email,
		name,
	}).toString();
	const landing = new URL(await next(await next(approve.href)));
	const { error } = await client.auth.exchangeCodeForSession(
		landing.searchParams.get('code') ?? '',
	);
	if (error) throw error;
	return client;
}
