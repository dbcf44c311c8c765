import type { Database } from '../db/database.ts';
import type { ApiRequest } from '../http/types.ts';
import type { ProjectKeys } from '../keys/project-keys.ts';
import type { MediaChoice } from './media.ts';
import type { Preferences } from './preferences.ts';
import type { QueryParams } from './query-params.ts';
import type { RequestRole } from './request-role.ts';
import { loadSchemaCache } from './schema-cache.ts';
import type { SchemaCache } from './schema-cache.ts';

// What the REST endpoints share: the database, the keys, and the schema cache with its reload.

export interface RestContext {
	db: Database;
	keys: ProjectKeys;
	/** PostgREST's db-max-rows as the CLI configures it. */
	maxRows: number;
	schema: SchemaCache;
	/** Reloads the cache when a name is unknown; at most once a second, like a NOTIFY-driven reload. */
	refreshSchema: () => Promise<boolean>;
}

export async function createRestContext(db: Database, keys: ProjectKeys): Promise<RestContext> {
	let lastReload = Date.now();
	const ctx: RestContext = {
		db,
		keys,
		maxRows: 1000,
		schema: await loadSchemaCache(db),
		async refreshSchema() {
			if (Date.now() - lastReload < 1000) return false;
			lastReload = Date.now();
			ctx.schema = await loadSchemaCache(db);
			return true;
		},
	};
	return ctx;
}

/** One parsed request, as every endpoint receives it. */
export interface RestCall {
	request: ApiRequest;
	who: RequestRole;
	params: QueryParams;
	prefs: Preferences;
	media: MediaChoice;
}
