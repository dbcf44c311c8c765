import type { BackendConfig } from './discount-check';

interface PublicConfig {
	supabaseUrl?: string;
	supabaseAnonKey?: string;
}

let loading: Promise<BackendConfig | null> | undefined;

/**
 * The Supabase URL and anon key, from the site server's public runtime configuration; fetched
 * once per page, and only by the islands that talk to the backend.
 */
export function loadBackendConfig(fetcher: typeof fetch = fetch): Promise<BackendConfig | null> {
	loading ??= fetcher('/api/public-config')
		.then((response): Promise<PublicConfig> | PublicConfig =>
			response.ok ? (response.json() as Promise<PublicConfig>) : {},
		)
		.then((config) =>
			config.supabaseUrl && config.supabaseAnonKey
				? { url: config.supabaseUrl, anonKey: config.supabaseAnonKey }
				: null,
		)
		.catch(() => null);
	return loading;
}
