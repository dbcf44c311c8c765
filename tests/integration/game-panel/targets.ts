import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { games } from '../../../src/lib/games.ts';
import { DAILY_RESTART_NAME } from '../../../src/server/game-panel/pterodactyl-schedule.ts';
import { loadSimulation } from '../../../src/server/game-panel/sim-store.ts';
import { createSimulatedPanel } from '../../../src/server/game-panel/simulated.ts';
import { getGamePanel } from '../../../src/server/game-panel/index.ts';
import type { GamePanel, ServerRef, ServerState } from '../../../src/server/game-panel/types.ts';
import { startFakePterodactyl, type FakePterodactyl } from './fake-pterodactyl/index.ts';

// The two implementations the suite runs against, each got the way production gets it (through
// getGamePanel and the environment), with steps a few milliseconds long. The simulation keeps a
// state file, so the suite can see what it holds.

export interface Target {
	panel: GamePanel;
	/** Runs `use` with a panel whose installs do not finish while it runs. */
	withSlowInstall<T>(use: (panel: GamePanel) => Promise<T>): Promise<T>;
	/**
	 * The daily restarts the panel holds for a server, read from its own state (the port has no
	 * getter): for Pterodactyl our named schedules, for the simulation its state file.
	 */
	dailyRestarts(ref: ServerRef): { hour: number; minute: number }[];
	close(): Promise<void>;
}

export const STEP_MS = 15;

export function fakeEnv(fake: FakePterodactyl, extra: Record<string, string> = {}) {
	const eggs = Object.fromEntries(games.map((game) => [game.id, { nest: 1, egg: 5 }]));
	return {
		PTERODACTYL_URL: fake.url,
		PTERODACTYL_APPLICATION_KEY: fake.applicationKey,
		PTERODACTYL_CLIENT_KEY: fake.clientKey,
		PTERODACTYL_EGGS: JSON.stringify({ ...eggs, rust: { nest: 1, egg: 6 } }),
		PTERODACTYL_LOCATION_IDS: '1',
		...extra,
	};
}

export async function pterodactylTarget(): Promise<Target & { fake: FakePterodactyl }> {
	const fake = await startFakePterodactyl({ delayMs: STEP_MS });
	const panel = getGamePanel(fakeEnv(fake));
	return {
		fake,
		panel,
		async withSlowInstall(use) {
			fake.state.delayMs = 60_000;
			try {
				return await use(panel);
			} finally {
				fake.state.delayMs = STEP_MS;
			}
		},
		dailyRestarts(ref) {
			const server = fake.state.servers.find((s) => s.id === ref.panelServerId);
			return (server?.schedules ?? [])
				.filter((s) => s.name === DAILY_RESTART_NAME)
				.map((s) => ({ hour: Number(s.cron_hour), minute: Number(s.cron_minute) }));
		},
		close: () => fake.close(),
	};
}

export function simulatedTarget(): Promise<Target> {
	const dir = mkdtempSync(join(tmpdir(), 'frostnode-sim-target-'));
	const file = join(dir, 'panel.json');
	return Promise.resolve({
		panel: getGamePanel({ GAME_PANEL_SIM_DELAY_MS: String(STEP_MS), GAME_PANEL_SIM_FILE: file }),
		withSlowInstall: (use) => use(createSimulatedPanel({ kind: 'simulated', delayMs: 60_000 })),
		dailyRestarts(ref) {
			const server = loadSimulation(file).servers.find(
				(s) => s.panelServerId === ref.panelServerId,
			);
			return server?.dailyRestart
				? [{ hour: server.dailyRestart.hour, minute: server.dailyRestart.minute }]
				: [];
		},
		close: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
	});
}

/** Polls until the server is in `wanted`; returns the states seen on the way, without repeats. */
export async function waitForState(
	panel: GamePanel,
	ref: ServerRef,
	wanted: ServerState,
): Promise<ServerState[]> {
	const seen: ServerState[] = [];
	const deadline = Date.now() + 10_000;
	for (;;) {
		const { state } = await panel.state(ref);
		if (seen.at(-1) !== state) seen.push(state);
		if (state === wanted) return seen;
		if (Date.now() > deadline) throw new Error(`Never ${wanted}; saw ${seen.join(' → ')}`);
		await sleep(2);
	}
}
