import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { SimulatedConfig } from './config';
import { parseBuildChange, parseCreateInput, parseDailyTime } from './input';
import { panelUsername } from './pterodactyl-users';
import { createSimContext } from './sim-context';
import { simBackupMethods } from './sim-backup-ops';
import { openSimConsole } from './sim-console';
import { simFileMethods } from './sim-file-ops';
import { simInstallSoftware } from './sim-install';
import { loadSimulation, type SimServer } from './sim-store';
import { afterSignal, installTimeline, stateAt, statusAt } from './sim-timeline';
import type { GamePanel, PanelServer } from './types';
import { fits, roomLeft } from './sim-capacity';
import { GamePanelError } from './errors';

// The embedded panel for development, demos and tests when no Pterodactyl is configured. It keeps
// real state and refuses what the real panel refuses (bad input, power or schedules while suspended
// or installing, unknown servers), so flows built against it behave the same against Pterodactyl.
// The daily restart is kept on the server and applied to its timeline whenever that is read.

/* eslint-disable @typescript-eslint/require-await -- in memory, yet async like the port, so
   a refusal arrives as a rejection exactly as it does from the real panel. */

const HOST = 'play.local.frostnode.example';
const SFTP = { host: 'sftp.local.frostnode.example', port: 2022 };

function toPanelServer(server: SimServer): PanelServer {
	const { panelServerId, identifier, build, port } = server;
	return { panelServerId, identifier, address: { host: HOST, port }, build: { ...build } };
}

export function createSimulatedPanel(
	config: SimulatedConfig,
	now: () => number = () => Date.now(),
): GamePanel {
	const context = createSimContext(config, now);
	const { find, load, save, timelineAt, dirs } = context;

	return {
		kind: 'simulated',

		async createServer(input) {
			const spec = parseCreateInput(input);
			const data = load();
			const existing = data.servers.find((s) => s.serviceId === spec.serviceId);
			if (existing) return toPanelServer(existing);
			// Pterodactyl's deploy answers 400 when no node of the locations has the room.
			if (!fits(roomLeft(config, data.servers, spec.location), spec))
				throw new GamePanelError(
					`No nodes satisfying the requirements specified for automatic deployment could be found (${spec.location})`,
					{ status: 400, code: 'NoViableNodeException' },
				);
			const panelServerId = data.nextId++;
			const server: SimServer = {
				panelServerId,
				identifier: randomBytes(4).toString('hex'),
				serviceId: spec.serviceId,
				game: spec.game,
				location: spec.location,
				name: spec.name,
				owner: spec.customer.email.toLowerCase(),
				build: { ramGb: spec.ramGb, storageGb: spec.storageGb, cpuPercent: spec.cpuPercent ?? 0 },
				port: 25500 + ((panelServerId - 1) % 1000),
				suspended: false,
				timeline: installTimeline(now(), config.delayMs),
				backupLimit: spec.backups ?? 0,
				backups: [],
				backupStarts: [],
			};
			data.servers.push(server);
			save();
			return toPanelServer(server);
		},

		async hasRoom(location, build) {
			return fits(roomLeft(config, load().servers, location), build);
		},

		async findServer(serviceId) {
			const server = load().servers.find((s) => s.serviceId === serviceId);
			return server ? toPanelServer(server) : null;
		},

		async updateBuild(ref, change) {
			const server = find(ref);
			const { ramGb, storageGb, cpuPercent, backups } = parseBuildChange(change);
			server.build = { ramGb, storageGb, cpuPercent: cpuPercent ?? server.build.cpuPercent };
			// A lowered limit deletes nothing, as on the panel: the next backup is refused instead.
			if (backups !== undefined) server.backupLimit = backups;
			save();
			return { ...server.build };
		},

		async suspend(ref) {
			const server = find(ref);
			const at = now();
			// The node kills a running server when it is suspended; an install carries on.
			if (!server.suspended && stateAt(timelineAt(server, at), at) !== 'installing')
				server.timeline = [{ at, state: 'offline' }];
			server.suspended = true;
			save();
		},

		async unsuspend(ref) {
			const server = find(ref);
			server.suspended = false;
			// The schedule's runs while suspended failed on the panel: none are made up for now.
			if (server.dailyBackup) server.dailyBackup.since = Math.max(server.dailyBackup.since, now());
			save();
		},

		async delete(ref) {
			const server = find(ref);
			const data = load();
			data.servers = data.servers.filter((s) => s.panelServerId !== server.panelServerId);
			save();
			// Wings deletes the server's files, its local backups with it.
			rmSync(dirs.root(server.identifier), { recursive: true, force: true });
			rmSync(dirs.backups(server.identifier), { recursive: true, force: true });
		},

		async power(ref, signal) {
			const server = find(ref);
			const at = now();
			context.refuseUnlessRunnable(server, at);
			// Refused above while installing, the one state afterSignal has no answer for.
			const before = timelineAt(server, at);
			context.signal(server, before, afterSignal(before, signal, at, config.delayMs)!, at);
			save();
		},

		async state(ref) {
			const server = find(ref);
			const at = now();
			const status = statusAt(timelineAt(server, at), server.suspended, server.build, at);
			return server.installFailed && status.state === 'offline'
				? { state: 'install_failed' }
				: status;
		},

		async resetPanelPassword(ref) {
			const server = find(ref);
			const suffix = createHash('sha256').update(server.owner).digest('hex').slice(0, 6);
			const username = panelUsername(server.owner, suffix);
			const password = randomBytes(18).toString('base64url');
			return { username, password, sftp: { ...SFTP, username: `${username}.${ref.identifier}` } };
		},

		async setDailyRestart(ref, time) {
			const wanted = time === null ? null : parseDailyTime(time);
			const server = find(ref);
			const at = now();
			context.refuseUnlessRunnable(server, at);
			const current = server.dailyRestart;
			if (current?.hour === wanted?.hour && current?.minute === wanted?.minute) return;
			// Restarts already due under the old time happened: keep them before changing it.
			server.timeline = timelineAt(server, at);
			if (wanted) server.dailyRestart = { ...wanted, since: at };
			else delete server.dailyRestart;
			save();
		},

		...simFileMethods(context),
		...simBackupMethods(context),
		installSoftware: simInstallSoftware(context),

		async openConsole(ref) {
			return openSimConsole(context, ref);
		},

		// There is no panel to send the customer to.
		panelUrl: () => null,

		// Nothing to reach but the state file: one this process can no longer read would lose every
		// server on the next start. Not written yet (nothing provisioned) is fine.
		async probe() {
			loadSimulation(config.file);
		},
	};
}
