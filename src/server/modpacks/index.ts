import { readModpackConfig } from './config';
import { createEmbeddedSource } from './embedded';
import { ModpackConfigError } from './errors';
import { createModrinthSource } from './modrinth';
import type { ModpackSource } from './types';
import { pickAdapter, type Env } from '../config/pick-adapter';

export type * from './types';
export * from './errors';

// The one place that chooses the modpack source: Modrinth when MODPACK_SOURCE=modrinth, else the
// embedded catalogue. A broken Modrinth configuration never falls back to the catalogue (the
// installer would offer packs the operator did not choose): every call rejects with a
// ModpackConfigError naming what to fix.

const SETTINGS = [
	'MODPACK_SOURCE',
	'MODRINTH_API_URL',
	'MODRINTH_USER_AGENT',
	'SELLER_EMAIL',
] as const;

function unconfigured(reason: ModpackConfigError, env: Env): ModpackSource {
	const reject = () => Promise.reject(new ModpackConfigError(reason.message));
	return {
		kind: env.MODPACK_SOURCE?.trim() === 'modrinth' ? 'modrinth' : 'embedded',
		search: reject,
		project: reject,
		versions: reject,
		resolve: reject,
	};
}

function createModpackSource(env: Env): ModpackSource {
	try {
		const config = readModpackConfig(env);
		return config.kind === 'modrinth' ? createModrinthSource(config) : createEmbeddedSource();
	} catch (error) {
		if (error instanceof ModpackConfigError) return unconfigured(error, env);
		throw error;
	}
}

/** The modpack source for the current environment (one per settings: Modrinth's call budget with it). */
export const getModpackSource = pickAdapter(SETTINGS, createModpackSource);
