import { setting } from '../config/variables.ts';
/**
 * Where the backend is, read at run time (not baked into the build): the operator's environment,
 * or `.env.local`, which the local stack writes and `npm start` loads.
 */
export interface SupabaseEnv {
	url: string;
	anonKey: string;
}

export function supabaseEnv(): SupabaseEnv | null {
	const url = setting('PUBLIC_SUPABASE_URL');
	const anonKey = setting('PUBLIC_SUPABASE_ANON_KEY');
	return url && anonKey ? { url: url.replace(/\/+$/, ''), anonKey } : null;
}

export function requireSupabaseEnv(): SupabaseEnv {
	const env = supabaseEnv();
	if (!env) throw new Error('PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY are not set');
	return env;
}
