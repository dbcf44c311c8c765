import type { SimulatedConfig } from './config';
import { GamePanelConflictError, GamePanelNotFoundError } from './errors';
import { existsSync } from 'node:fs';
import { appendLines, catchUpLog, linesBetween } from './sim-log';
import { simDirs, type SimDirs } from './sim-paths';
import { loadSimulation, saveSimulation, type SimData, type SimServer } from './sim-store';
import { stateAt, withDailyRestarts, type Step } from './sim-timeline';
import { ensureTree } from './sim-tree';
import { advanceInstall } from './sim-install-apply';
import type { ServerRef } from './types';

// What every part of the simulated panel shares: the state (read again on every call when it has
// a file), the folders, and the panel's gates. Finding a server also brings it up to date: its
// files once the install finished, and the console log of what it did since the last call.

export interface SimContext {
	config: SimulatedConfig;
	now: () => number;
	dirs: SimDirs;
	load: () => SimData;
	save: () => void;
	find: (ref: ServerRef) => SimServer;
	/** The process timeline at `at`, with the daily restarts that fell due by then. */
	timelineAt: (server: SimServer, at: number) => Step[];
	/** The panel's 409 for client actions on a suspended, installing or restoring server. */
	refuseUnlessInstalled: (server: SimServer, at: number) => void;
	/** The same, and a server whose software change failed: power waits for a working install. */
	refuseUnlessRunnable: (server: SimServer, at: number) => void;
	/**
	 * Puts a power signal's timeline in place (the caller saves). Its first steps begin now, after
	 * the log was written up to now: their lines are written here, or no later call would.
	 */
	signal: (server: SimServer, before: Step[], after: Step[], at: number) => void;
	/** A server for its files, backups or console: found, gated, its folder there. */
	usable: (ref: ServerRef) => { server: SimServer; root: string; at: number };
}

export function createSimContext(config: SimulatedConfig, now: () => number): SimContext {
	// With a file, the file is the truth: `npm run billing:run` suspends and deletes servers in it
	// while the site runs, so every call reads it again instead of trusting (and later writing back)
	// this process's older copy. Each call reads, changes and writes without awaiting in between.
	let data = loadSimulation(config.file);
	const dirs = simDirs(config.dir);
	const context: SimContext = {
		config,
		now,
		dirs,
		load: () => (config.file ? (data = loadSimulation(config.file)) : data),
		save: () => saveSimulation(config.file, data),
		timelineAt: (server, at) =>
			withDailyRestarts(server.timeline, server.dailyRestart, at, config.delayMs),

		find(ref) {
			const server = context.load().servers.find((s) => s.panelServerId === ref.panelServerId);
			if (!server || server.identifier !== ref.identifier)
				throw new GamePanelNotFoundError(`No simulated server ${ref.panelServerId}`, {
					status: 404,
				});
			const at = now();
			const root = dirs.root(server.identifier);
			// A software change writes its log as it goes, and its files when it ends.
			if (advanceInstall(root, server, at)) context.save();
			const timeline = context.timelineAt(server, at);
			if (stateAt(timeline, at) === 'installing') return server;
			const installed = ensureTree(root, server);
			if (installed) server.logUntil = at;
			if (catchUpLog(root, server, timeline, at) || installed) context.save();
			return server;
		},

		refuseUnlessInstalled(server, at) {
			const why = server.suspended
				? 'suspended'
				: stateAt(context.timelineAt(server, at), at) === 'installing'
					? 'installing'
					: (server.restoringUntil ?? 0) > at
						? 'restoring from a backup'
						: null;
			if (why)
				throw new GamePanelConflictError(`Simulated server ${server.panelServerId} is ${why}`, {
					status: 409,
				});
		},

		refuseUnlessRunnable(server, at) {
			context.refuseUnlessInstalled(server, at);
			if (server.installFailed)
				throw new GamePanelConflictError(
					`Simulated server ${server.panelServerId} failed to install: install its software again`,
					{ status: 409 },
				);
		},

		signal(server, before, after, at) {
			server.timeline = after;
			const root = dirs.root(server.identifier);
			// `after` is `before` itself when the signal changes nothing (start on a running server).
			if (after !== before && existsSync(root))
				appendLines(root, server, linesBetween(server, after, at - 1, at));
		},

		usable(ref) {
			const server = context.find(ref);
			const at = now();
			context.refuseUnlessInstalled(server, at);
			return { server, root: dirs.root(server.identifier), at };
		},
	};
	return context;
}
