import { adminClient } from '../supabase/admin-client';
import { DatabaseStore } from './database-store';
import type { LimitStore } from './limiter';
import { MemoryStore } from './memory-store';

// The one place that picks where the counts live: the database whenever the backend is
// configured (every real deployment), else this process.

const memory = new MemoryStore();
let cached: { key: string; store: LimitStore } | undefined;

export function limitStore(): LimitStore {
	// Keyed on the backend settings so a changed environment (a test) is picked up.
	const key = [
		process.env.PUBLIC_SUPABASE_URL,
		process.env.SUPABASE_SERVICE_ROLE_KEY,
		process.env.SUPABASE_SECRET_KEY,
	].join('\n');
	if (cached?.key !== key) {
		const admin = adminClient();
		cached = { key, store: admin ? new DatabaseStore(admin) : memory };
	}
	return cached.store;
}
