import { adminClient } from '../supabase/admin-client';
import { DatabaseStore } from './database-store';
import type { LimitStore } from './limiter';
import { MemoryStore } from './memory-store';
import { pickAdapter } from '../config/pick-adapter';

// The one place that picks where the counts live: the database whenever the backend is
// configured (every real deployment), else this process.

const memory = new MemoryStore();

const pick = pickAdapter(
	['PUBLIC_SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_SECRET_KEY'],
	(): LimitStore => {
		const admin = adminClient();
		return admin ? new DatabaseStore(admin) : memory;
	},
);

/** The store of the current environment's backend (adminClient reads the same settings). */
export function limitStore(): LimitStore {
	return pick();
}
