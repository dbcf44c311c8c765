import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { games } from '../../../src/lib/games.ts';
import {
	DAILY_BACKUP_NAME,
	DAILY_RESTART_NAME,
} from '../../../src/server/game-panel/pterodactyl-schedule.ts';
import { loadSimulation } from '../../../src/server/game-panel/sim-store.ts';
import { createSimulatedPanel } from '../../../src/server/game-panel/simulated.ts';
import { getGamePanel } from '../../../src/server/game-panel/index.ts';
import { GamePanelConflictError } from '../../../src/server/game-panel/errors.ts';
import type { GamePanel, ServerRef, ServerState } from '../../../src/server/game-panel/types.ts';
import { startFakePterodactyl, type FakePterodactyl } from './fake-pterodactyl/index.ts';
import { allocated } from './fake-pterodactyl/nodes.ts';
import type { LocationId } from '../../../src/lib/domain/location.ts';
import { findLocation, locations } from '../../../src/lib/locations/catalogue.ts';
import { FROSTNODE_EGG } from './fake-pterodactyl/seed.ts';

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
	/** The daily backups it holds, the same way (Pterodactyl: our schedule with a backup task). */
	dailyBackups(ref: ServerRef): { hour: number; minute: number }[];
	/**
	 * Pterodactyl: the server's egg variables as the panel holds them (what installSoftware set
	 * through the startup endpoint), and the requests it got. Null on the simulation.
	 */
	panelSide(ref: ServerRef): { variables: Record<string, unknown>; requests: string[] } | null;
	/**
	 * Where the server runs, read from the panel's own state: for Pterodactyl the location whose
	 * panel locations hold the server's node, for the simulation its state file.
	 */
	placedIn(ref: ServerRef): LocationId | undefined;
	/**
	 * Leaves `location` exactly this much room now, and gives the panel to ask: Pterodactyl's node
	 * there gets its limits lowered, the simulation a GAME_PANEL_SIM_CAPACITY saying so.
	 */
	leaveRoom(location: LocationId, room: { memoryGb: number; diskGb: number }): GamePanel;
	close(): Promise<void>;
}

export const STEP_MS = 15;

/** Minecraft on the installer egg the repository ships (ops/pterodactyl), as operators set it. */
export function fakeEnv(fake: FakePterodactyl, extra: Record<string, string> = {}) {
	const eggs = Object.fromEntries(games.map((game) => [game.id, { nest: 1, egg: 5 }]));
	const minecraft = { nest: 1, egg: FROSTNODE_EGG };
	return {
		PTERODACTYL_URL: fake.url,
		PTERODACTYL_APPLICATION_KEY: fake.applicationKey,
		PTERODACTYL_CLIENT_KEY: fake.clientKey,
		PTERODACTYL_EGGS: JSON.stringify({ ...eggs, minecraft, rust: { nest: 1, egg: 6 } }),
		...extra,
	};
}

export async function pterodactylTarget(): Promise<Target & { fake: FakePterodactyl }> {
	const fake = await startFakePterodactyl({ delayMs: STEP_MS });
	const panel = getGamePanel(fakeEnv(fake));
	const named = (ref: ServerRef, name: string, action: string) =>
		(fake.state.servers.find((s) => s.id === ref.panelServerId)?.schedules ?? [])
			.filter((s) => s.name === name && s.tasks.some((t) => t.action === action))
			.map((s) => ({ hour: Number(s.cron_hour), minute: Number(s.cron_minute) }));
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
		dailyRestarts: (ref) => named(ref, DAILY_RESTART_NAME, 'power'),
		dailyBackups: (ref) => named(ref, DAILY_BACKUP_NAME, 'backup'),
		panelSide(ref) {
			const server = fake.state.servers.find((s) => s.id === ref.panelServerId);
			const mine = new RegExp(
				`^(application/servers/${ref.panelServerId}|client/servers/${ref.identifier})/`,
			);
			return {
				variables: server?.environment ?? {},
				requests: fake.requests
					.filter((r) => r.method !== 'GET' && mine.test(r.path))
					.map((r) => {
						const signal = (r.body as { signal?: unknown } | undefined)?.signal;
						return `${r.method} ${r.path}${typeof signal === 'string' ? ` ${signal}` : ''}`;
					}),
			};
		},
		placedIn(ref) {
			const server = fake.state.servers.find((s) => s.id === ref.panelServerId);
			const node = fake.state.nodes.find((n) => n.id === server?.node);
			return locations.find((l) => node && l.game?.panelLocationIds.includes(node.location_id))?.id;
		},
		leaveRoom(location, room) {
			const ids = findLocation(location)?.game?.panelLocationIds ?? [];
			for (const node of fake.state.nodes.filter((n) => ids.includes(n.location_id))) {
				const used = allocated(fake.state, node.id);
				node.memory = used.memory + room.memoryGb * 1024;
				node.disk = used.disk + room.diskGb * 1024;
			}
			return panel;
		},
		close: () => fake.close(),
	};
}

export function simulatedTarget(): Promise<Target> {
	const dir = mkdtempSync(join(tmpdir(), 'frostnode-sim-target-'));
	const file = join(dir, 'panel.json');
	const env = { GAME_PANEL_SIM_DELAY_MS: String(STEP_MS), GAME_PANEL_SIM_FILE: file };
	return Promise.resolve({
		panel: getGamePanel(env),
		withSlowInstall: (use) => use(createSimulatedPanel({ kind: 'simulated', delayMs: 60_000 })),
		dailyRestarts(ref) {
			const server = loadSimulation(file).servers.find(
				(s) => s.panelServerId === ref.panelServerId,
			);
			return server?.dailyRestart
				? [{ hour: server.dailyRestart.hour, minute: server.dailyRestart.minute }]
				: [];
		},
		dailyBackups(ref) {
			const server = loadSimulation(file).servers.find(
				(s) => s.panelServerId === ref.panelServerId,
			);
			const time = dailyTime.safeParse(server && Reflect.get(server, 'dailyBackup'));
			return time.success ? [time.data] : [];
		},
		panelSide: () => null,
		placedIn: (ref) =>
			loadSimulation(file).servers.find((s) => s.panelServerId === ref.panelServerId)?.location,
		leaveRoom(location, room) {
			const there = loadSimulation(file).servers.filter((s) => s.location === location);
			const used = (key: 'ramGb' | 'storageGb') => there.reduce((t, s) => t + s.build[key], 0);
			const capacity = `${location}=${used('ramGb') + room.memoryGb}:${used('storageGb') + room.diskGb}`;
			return getGamePanel({ ...env, GAME_PANEL_SIM_CAPACITY: capacity });
		},
		close: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
	});
}

const dailyTime = z.object({ hour: z.number(), minute: z.number() });

/**
 * Polls `read` until `done` holds; a conflict (the server is busy restoring) counts as not yet.
 * Returns the last value read.
 */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
	const deadline = Date.now() + 10_000;
	for (;;) {
		try {
			const value = await read();
			if (done(value)) return value;
		} catch (error) {
			if (!(error instanceof GamePanelConflictError)) throw error;
		}
		if (Date.now() > deadline) throw new Error('Never done within 10 s');
		await sleep(5);
	}
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
