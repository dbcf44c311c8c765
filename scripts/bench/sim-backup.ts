import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createJiti } from 'jiti';
import type * as GamePanelModule from '../../src/server/game-panel/index.ts';
import type { GamePanel, ServerRef } from '../../src/server/game-panel/types.ts';

// "A backup of the simulated tree completes in under 5 s": a Minecraft server on the simulated
// panel, as `npm start` runs it (its state file, its default step delay) and with delays 0 (the
// archive's own time), timed from `createBackup` until `listBackups` reports it complete. Once on
// the tree as installed and once with a 50 MiB world beside it (random, so it does not compress).

/** Two per server: the panel's throttle allows no more in 10 minutes. */
const RUNS = 2;

async function timeBackup(
	panel: GamePanel,
	server: ServerRef,
): Promise<{ ms: number; bytes: number }> {
	const started = performance.now();
	const backup = await panel.createBackup(server, {});
	for (;;) {
		const done = (await panel.listBackups(server)).backups.find((b) => b.id === backup.id);
		if (done?.successful) {
			const ms = performance.now() - started;
			await panel.deleteBackup(server, backup.id);
			return { ms, bytes: done.bytes };
		}
		await sleep(10);
	}
}

async function bench(delayMs: number, worldMiB: number) {
	const dir = await mkdtemp(join(tmpdir(), 'frostnode-bench-backup-'));
	const { getGamePanel } = await createJiti(import.meta.url).import<typeof GamePanelModule>(
		'../../src/server/game-panel/index.ts',
	);
	try {
		const panel = getGamePanel({
			GAME_PANEL_SIM_FILE: join(dir, 'panel.json'),
			GAME_PANEL_SIM_DELAY_MS: String(delayMs),
		});
		const server = await panel.createServer({
			...{
				serviceId: `bench-${delayMs}-${worldMiB}`,
				game: 'minecraft',
				location: 'oslo',
				name: 'Bench',
			},
			customer: { email: 'bench@frostnode.example', firstName: 'Bench', lastName: 'Buyer' },
			...{ ramGb: 4, storageGb: 20, backups: RUNS },
		});
		while ((await panel.state(server)).state === 'installing') await sleep(20);
		if (worldMiB > 0)
			await writeFile(
				join(dir, 'panel-files', 'servers', server.identifier, 'world', 'region.mca'),
				randomBytes(worldMiB * 1024 * 1024),
			);
		const runs = [];
		for (let i = 0; i < RUNS; i++) runs.push(await timeBackup(panel, server));
		const ms = runs.map((run) => run.ms).sort((a, b) => a - b);
		return {
			tree: worldMiB ? `installed + ${worldMiB} MiB world` : 'as installed',
			'step delay ms': delayMs,
			'archive KiB': Math.round(runs[0]!.bytes / 1024),
			'ms to completed (best)': Math.round(ms[0]!),
			'ms to completed (worst)': Math.round(ms.at(-1)!),
		};
	} finally {
		await rm(dir, { recursive: true, force: true });
	}
}

export async function benchSimBackup() {
	const rows = [];
	for (const [delayMs, worldMiB] of [
		[1500, 0],
		[0, 0],
		[0, 50],
	] as const)
		rows.push(await bench(delayMs, worldMiB));
	return rows;
}
