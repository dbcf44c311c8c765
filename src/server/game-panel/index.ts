import { readGamePanelConfig } from './config';
import { GamePanelConfigError } from './errors';
import { createPterodactylPanel } from './pterodactyl';
import { createSimulatedPanel } from './simulated';
import type { GamePanel } from './types';
import { pickAdapter, type Env } from '../config/pick-adapter';

export type * from './types';
export * from './errors';

// The one place that chooses the game panel: Pterodactyl when PTERODACTYL_URL is set, else the
// embedded simulation. A set but broken Pterodactyl configuration never falls back to the
// simulation (a paid order would get a pretend server): every call rejects with a
// GamePanelConfigError naming what to fix, which callers log like any failed provisioning.

const SETTINGS = [
	'PTERODACTYL_URL',
	'PTERODACTYL_APPLICATION_KEY',
	'PTERODACTYL_CLIENT_KEY',
	'PTERODACTYL_WINGS_ORIGIN',
	'PTERODACTYL_EGGS',
	'PTERODACTYL_ALLOCATION',
	'PTERODACTYL_LOCATION_IDS',
	'PTERODACTYL_PORT_RANGE',
	'PTERODACTYL_NODE_ID',
	'GAME_PANEL_SIM_DELAY_MS',
	'GAME_PANEL_SIM_FILE',
	'GAME_PANEL_SIM_DIR',
	'GAME_PANEL_SIM_CAPACITY',
	// The simulation's signed links point at the site.
	'PUBLIC_SITE_URL',
	'PORT',
] as const;

function unconfigured(reason: GamePanelConfigError, kind: GamePanel['kind']): GamePanel {
	const reject = () => Promise.reject(new GamePanelConfigError(reason.message));
	return {
		kind,
		createServer: reject,
		hasRoom: reject,
		findServer: reject,
		updateBuild: reject,
		suspend: reject,
		unsuspend: reject,
		delete: reject,
		power: reject,
		state: reject,
		resetPanelPassword: reject,
		setDailyRestart: reject,
		openConsole: reject,
		listBackups: reject,
		createBackup: reject,
		setBackupLocked: reject,
		backupDownload: reject,
		restoreBackup: reject,
		deleteBackup: reject,
		setDailyBackup: reject,
		listFiles: reject,
		readFile: reject,
		writeFile: reject,
		renameFile: reject,
		deleteFiles: reject,
		createFolder: reject,
		fileDownload: reject,
		fileUpload: reject,
		installSoftware: reject,
		panelUrl: () => null,
		probe: reject,
	};
}

function createGamePanel(env: Env): GamePanel {
	try {
		const config = readGamePanelConfig(env);
		return config.kind === 'pterodactyl'
			? createPterodactylPanel(config)
			: createSimulatedPanel(config);
	} catch (error) {
		if (error instanceof GamePanelConfigError)
			return unconfigured(error, env.PTERODACTYL_URL?.trim() ? 'pterodactyl' : 'simulated');
		throw error;
	}
}

/**
 * The game panel for the current environment; the simulation's memory lasts as long as its
 * settings do (GAME_PANEL_SIM_FILE keeps it across restarts).
 */
export const getGamePanel = pickAdapter(SETTINGS, createGamePanel);

export { simulatedDownload, simulatedUpload, UPLOAD_LIMIT_BYTES } from './sim-serve';
