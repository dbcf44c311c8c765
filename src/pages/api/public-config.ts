import type { APIRoute } from 'astro';
import { supabaseEnv } from '../../server/supabase/env';

export const prerender = false;

/**
 * The public runtime configuration browsers need (the spec's "base URL and key from public
 * runtime configuration"): static pages stay the same whichever backend the server points at.
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
