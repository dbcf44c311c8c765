import { readFileSync } from 'node:fs';
import { z } from 'zod';
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
	const file = env.GAME_PANEL_SIM_FILE?.trim();
	return { kind: 'simulated', delayMs: delay.data, ...(file ? { file } : {}) };
}

/** The panel settings from the environment; throws GamePanelConfigError listing every problem. */
export function readGamePanelConfig(
	env: Env,
	readFile: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): GamePanelConfig {
	if (!env.PTERODACTYL_URL?.trim()) return readSimulated(env);
	return readPterodactyl(env, readFile);
}
