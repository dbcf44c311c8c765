import { createClient } from '@supabase/supabase-js';
import type { LocalStack } from '@frostnode/local-supabase';
import { latestMailTo, otpIn } from './local-stack/helpers.ts';

// Google sign-in as a browser runs it on the local stack, with fetch following each redirect: the
// site's signInWithOAuth, the stand-in's address page (the address typed, a code mailed to it,
// read from the local mailbox and entered, as Google proves an address), /callback, and the code
// exchanged.

async function next(url: string): Promise<string> {
	const response = await fetch(url, { redirect: 'manual' });
	const location = response.headers.get('location');
	if (response.status !== 302 || !location) throw new Error(`${url}: ${response.status}`);
	return location;
}

/** A stand-in form posted as the browser posts it; answers the response, redirects not followed. */
export function postStandInForm(
	standIn: URL,
	path: string,
	fields: Record<string, string>,
): Promise<Response> {
	return fetch(new URL(path, standIn), {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams(fields).toString(),
		redirect: 'manual',
	});
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
	const codePage = await postStandInForm(standIn, 'google-stand-in/code', {
		state: standIn.searchParams.get('state') ?? '',
		redirect_uri: standIn.searchParams.get('redirect_uri') ?? '',
		email,
		name,
	});
	const ticket = /name="ticket" value="([^"]+)"/.exec(await codePage.text())?.[1];
	if (codePage.status !== 200 || !ticket) throw new Error(`stand-in code page: ${codePage.status}`);
	const code = otpIn(await latestMailTo(stack, email));
	const approved = await postStandInForm(standIn, 'google-stand-in/approve', { ticket, code });
	const callback = approved.headers.get('location');
	if (approved.status !== 302 || !callback) throw new Error(`stand-in approve: ${approved.status}`);
	const landing = new URL(await next(callback));
	const { error } = await client.auth.exchangeCodeForSession(
		landing.searchParams.get('code') ?? '',
	);
	if (error) throw error;
	return client;
}
