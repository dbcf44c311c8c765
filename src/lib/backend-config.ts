import type { BackendConfig } from './discount-check';

/**
 * The Supabase URL and anon key the browser talks to, from the public configuration the site
 * was built with (`.env.local` written by the local stack, or the operator's environment).
 */
export function backendConfig(): BackendConfig | null {
	const url = import.meta.env.PUBLIC_SUPABASE_URL as string | undefined;
	const anonKey = import.meta.env.PUBLIC_SUPABASE_ANON_KEY as string | undefined;
	return url && anonKey ? { url: url.replace(/\/+$/, ''), anonKey } : null;
}
