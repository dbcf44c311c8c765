import type { APIRoute } from 'astro';
import { supabaseEnv } from '~/server/supabase/env';

export const prerender = false;

/**
 * The public runtime configuration browsers need (`PUBLIC_SUPABASE_URL` and its public key, read at
 * run time, docs/operations.md): static pages stay the same whichever backend the server points at.
 */
export const GET: APIRoute = () => {
	const env = supabaseEnv();
	return new Response(
		JSON.stringify(env ? { supabaseUrl: env.url, supabaseAnonKey: env.anonKey } : {}),
		{
			status: env ? 200 : 503,
			headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' },
		},
	);
};
