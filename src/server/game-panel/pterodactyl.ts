import type { PterodactylConfig } from './config';
import {
	GamePanelConflictError,
	GamePanelNotFoundError,
	GamePanelRefusedError,
	GamePanelValidationError,
} from './errors';
import { parseBuildChange, parseCreateInput, parseDailyTime, toGb, toMiB } from './input';
import { createPanelHttp, type PanelHttpOptions } from './pterodactyl-http';
import { createPterodactylProbe } from './pterodactyl-probe';
import { eggTemplate, limits, placement } from './pterodactyl-provision';
import { pterodactylHasRoom } from './pterodactyl-room';
import { panelStatus, toPanelServer, toStatus } from './pterodactyl-read';
import { createBackups, type BackupOptions } from './pterodactyl-backups';
import { openPterodactylConsole } from './pterodactyl-console';
import { createFiles } from './pterodactyl-files';
import { createSoftwareInstall } from './pterodactyl-software';
import { dailyBackup, dailyRestart, setDailyJob } from './pterodactyl-schedule';
import { serverSchema, statsSchema } from './pterodactyl-schemas';
import { ensureUser, resetOwnerPassword } from './pterodactyl-users';
import type { GamePanel, PanelServer, ServerRef } from './types';

// The real panel. Administration (create, build and feature limits, suspend, delete, users) goes
// through the application API with the ptla_ key; power, live usage, schedules, backups, files and
// the console through the client API with the ptlc_ key of a root admin, which addresses servers
// by their 8-character identifier and reaches every server.

export type PterodactylOptions = PanelHttpOptions & BackupOptions;

export function createPterodactylPanel(
	config: PterodactylConfig,
	options: PterodactylOptions = {},
): GamePanel {
	const http = createPanelHttp(config, options);
	const server = async (id: number, include = '') =>
		(await http.get('application', `/servers/${id}${include}`, serverSchema)).attributes;
	const send = (path: string, method: 'POST' | 'DELETE' = 'POST') =>
		http.send('application', method, path).then(() => undefined);

	const backupLimit = async (ref: ServerRef) =>
		(await server(ref.panelServerId)).feature_limits.backups ?? 0;

	/** The client API lets a root admin's console in while installing: we do not. */
	async function usable(ref: ServerRef) {
		const status = panelStatus(await server(ref.panelServerId));
		if (status)
			throw new GamePanelConflictError(`The server is ${status.replace('_', ' ')}`, {
				status: 409,
				code: 'ServerStateConflictException',
			});
	}

	async function findServer(serviceId: string): Promise<PanelServer | null> {
		const path = `/servers/external/${encodeURIComponent(serviceId)}?include=allocations`;
		try {
			return toPanelServer((await http.get('application', path, serverSchema)).attributes);
		} catch (error) {
			if (error instanceof GamePanelNotFoundError) return null;
			throw error;
		}
	}

	return {
		kind: 'pterodactyl',
		findServer,
		hasRoom: (location, build) => pterodactylHasRoom(http, config, location, build),

		async createServer(input) {
			const spec = parseCreateInput(input);
			// The service id is the anchor: a retry after a timeout or 5xx finds its server here.
			const existing = await findServer(spec.serviceId);
			if (existing) return existing;
			const body = {
				external_id: spec.serviceId,
				name: spec.name,
				user: await ensureUser(http, spec.customer),
				...(await eggTemplate(http, config, spec.game)),
				limits: limits(spec.ramGb, spec.storageGb, spec.cpuPercent ?? 0),
				// Databases and extra ports are not sold (README: decisions); backups as the plan says.
				feature_limits: { databases: 0, backups: spec.backups ?? 0, allocations: 0 },
				...(await placement(http, config, spec.location)),
			};
			try {
				const created = await http.send('application', 'POST', '/servers', body);
				const { id } = http.parse(serverSchema, created, '/servers').attributes;
				return toPanelServer(await server(id, '?include=allocations'));
			} catch (error) {
				// A concurrent create of the same service won the race: its server is ours.
				const duplicate =
					error instanceof GamePanelValidationError &&
					error.issues.some((i) => i.field === 'external_id' && i.rule === 'unique');
				const raced = duplicate ? await findServer(spec.serviceId) : null;
				if (raced) return raced;
				throw error;
			}
		},

		async updateBuild(ref, change) {
			const build = parseBuildChange(change);
			const current = await server(ref.panelServerId);
			// The panel wants the whole build back: primary allocation, every limit, feature limits.
			const body = {
				allocation: current.allocation,
				limits: {
					...current.limits,
					memory: toMiB(build.ramGb),
					disk: toMiB(build.storageGb),
					cpu: build.cpuPercent ?? current.limits.cpu,
				},
				feature_limits: {
					...current.feature_limits,
					backups: build.backups ?? current.feature_limits.backups ?? 0,
				},
			};
			const path = `/servers/${ref.panelServerId}/build`;
			const updated = await http.send('application', 'PATCH', path, body);
			const applied = http.parse(serverSchema, updated, path).attributes.limits;
			return {
				ramGb: toGb(applied.memory),
				storageGb: toGb(applied.disk),
				cpuPercent: applied.cpu,
			};
		},

		suspend: (ref) => send(`/servers/${ref.panelServerId}/suspend`),
		unsuspend: (ref) => send(`/servers/${ref.panelServerId}/unsuspend`),
		delete: (ref) => send(`/servers/${ref.panelServerId}`, 'DELETE'),

		async power(ref, signal) {
			await http.send('client', 'POST', `/servers/${encodeURIComponent(ref.identifier)}/power`, {
				signal,
			});
		},

		async state(ref) {
			const known = panelStatus(await server(ref.panelServerId));
			if (known) return { state: known };
			return toStatus(
				await http.get(
					'client',
					`/servers/${encodeURIComponent(ref.identifier)}/resources`,
					statsSchema,
				),
			);
		},

		async resetPanelPassword(ref) {
			return resetOwnerPassword(http, ref, await server(ref.panelServerId));
		},

		async setDailyRestart(ref, time) {
			await setDailyJob(http, ref, dailyRestart, time === null ? null : parseDailyTime(time));
		},

		async setDailyBackup(ref, time) {
			const at = time === null ? null : parseDailyTime(time);
			// The panel refuses a backup task (403) without backups in the plan: say so first.
			if (at && (await backupLimit(ref)) === 0)
				throw new GamePanelRefusedError('backup_limit', "This server's plan has no backups", {
					limit: 0,
				});
			await setDailyJob(http, ref, dailyBackup, at);
		},

		async openConsole(ref) {
			await usable(ref);
			return openPterodactylConsole(http, ref, { origin: config.wingsOrigin });
		},

		...createBackups(http, backupLimit, options),
		...createFiles(http),
		installSoftware: createSoftwareInstall(http, config, (id) => server(id), options),

		panelUrl: (ref) => `${config.url}/server/${ref.identifier}`,
		probe: createPterodactylProbe(config, options),
	};
}
