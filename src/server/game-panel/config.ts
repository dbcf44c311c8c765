import { readFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { z } from 'zod';
import { setting } from '../config/variables.ts';
import { parseCapacityList } from '../config/capacity-list.ts';
import { isLocationId, type LocationId } from '../../lib/domain/location.ts';
import { siteOrigin } from '../config/site-origin.ts';
import { readPterodactyl, type PterodactylConfig } from './config-pterodactyl.ts';
import { GamePanelConfigError } from './errors.ts';

export type { EggConfig, Placement, PterodactylConfig } from './config-pterodactyl.ts';

// The panel settings, checked once and all together, so an operator sees every missing or wrong
// variable in one message instead of one per failed order. Keys are never echoed.

export interface SimulatedConfig {
	kind: 'simulated';
	delayMs: number;
	/** Where to keep the simulated servers between restarts; in memory only when absent. */
	file?: string;
	/**
	 * Where the servers' files, backups and signed links live: GAME_PANEL_SIM_DIR, else beside the
	 * state file; a temporary folder of this process when neither is set.
	 */
	dir?: string;
	/** The site's origin: the simulation's signed links are served by the site itself (a path without). */
	linkOrigin?: string;
	/** GAME_PANEL_SIM_CAPACITY: the room of the locations it names (others: sim-capacity.ts). */
	capacity?: Partial<Record<LocationId, SimCapacity>>;
}

export interface SimCapacity {
	memoryGb: number;
	diskGb: number;
}

export type GamePanelConfig = PterodactylConfig | SimulatedConfig;

type Env = Record<string, string | undefined>;

function readSimulated(env: Env): SimulatedConfig {
	const raw = env.GAME_PANEL_SIM_DELAY_MS?.trim() || '1500';
	const delay = z.coerce.number().int().min(0).max(60_000).safeParse(raw);
	if (!delay.success)
		throw new GamePanelConfigError(
			`GAME_PANEL_SIM_DELAY_MS must be whole milliseconds from 0 to 60000, not "${raw}"`,
		);
	const file = setting('GAME_PANEL_SIM_FILE', env);
	const dir =
		setting('GAME_PANEL_SIM_DIR', env) ??
		(file ? join(dirname(file), `${basename(file, extname(file))}-files`) : undefined);
	const capacity = readCapacity(env);
	return {
		kind: 'simulated',
		delayMs: delay.data,
		...(file ? { file } : {}),
		...(dir ? { dir } : {}),
		linkOrigin: siteOrigin(env),
		...(capacity ? { capacity } : {}),
	};
}

function readCapacity(env: Env): SimulatedConfig['capacity'] {
	const raw = setting('GAME_PANEL_SIM_CAPACITY', env);
	if (!raw) return undefined;
	const read = parseCapacityList(
		'GAME_PANEL_SIM_CAPACITY',
		raw,
		['memory GB', 'disk GB'],
		isLocationId,
	);
	if ('problem' in read) throw new GamePanelConfigError(read.problem);
	const capacity: SimulatedConfig['capacity'] = {};
	for (const [location, [memoryGb = 0, diskGb = 0]] of Object.entries(read.entries))
		if (isLocationId(location)) capacity[location] = { memoryGb, diskGb };
	return capacity;
}

/** The panel settings from the environment; throws GamePanelConfigError listing every problem. */
export function readGamePanelConfig(
	env: Env,
	readFile: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): GamePanelConfig {
	if (!env.PTERODACTYL_URL?.trim()) return readSimulated(env);
	return readPterodactyl(env, readFile);
}
