import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../lib/database.types';
import { requireSupabaseEnv } from './env';

/**
 * A Supabase client acting as the holder of a bearer access token (a script, another device), so
 * row-level security decides what it reads, exactly as for a browser's session cookie.
 */
export function bearerClient(accessToken: string) {
	const env = requireSupabaseEnv();
	return createClient<Database>(env.url, env.anonKey, {
		global: { headers: { Authorization: `Bearer ${accessToken}` } },
		auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
	});
}

/** What reads as a customer: the request's cookie client or a bearer client. */
export type CustomerClient = ReturnType<typeof bearerClient>;
