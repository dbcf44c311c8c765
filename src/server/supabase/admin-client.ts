import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../lib/database.types.ts';
import { supabaseEnv } from './env.ts';
import { setting } from '../config/variables.ts';

/**
 * The service-role client: bypasses row-level security, so it lives only here, on the server, and
 * is used for what no customer may do for themselves (admin auth calls, server-side lookups).
 * Null when the operator has not configured the key.
 */
export function adminClient() {
	const env = supabaseEnv();
	const key = setting('SUPABASE_SERVICE_ROLE_KEY') ?? setting('SUPABASE_SECRET_KEY');
	if (!env || !key) return null;
	return createClient<Database>(env.url, key, {
		auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
	});
}

export type AdminClient = NonNullable<ReturnType<typeof adminClient>>;
