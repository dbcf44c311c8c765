import { randomUUID } from 'node:crypto';
import type { SoftwareInstall } from '../../lib/modpacks/plan';
import type { PterodactylConfig } from './config';
import { GamePanelConfigError, GamePanelConflictError, GamePanelRefusedError } from './errors';
import { parseSoftwareInstall } from './input';
import type { PanelHttp } from './pterodactyl-http';
import { readEgg } from './pterodactyl-provision';
import { panelStatus } from './pterodactyl-read';
import type { ServerAttributes } from './pterodactyl-schemas';
import { stopAndWait, type StopOptions } from './pterodactyl-stop';
import { imageFor, javaFor } from './pterodactyl-java';
import type { GamePanel, ServerRef } from './types';

// installSoftware on Pterodactyl. The installer egg (ops/pterodactyl, "Frostnode Minecraft", the
// Minecraft egg of PTERODACTYL_EGGS) reads what to install from its variables and fetches and
// checks the pack itself; we set them with the application API's startup endpoint, which wants
// the whole startup (command, every egg variable, egg, image, skip_scripts), then run its install
// script again with reinstall.

/** The installer egg's variables set here; ops/pterodactyl/egg.test.ts holds the egg to them. */
export const INSTALLER_VARIABLES = [
	'SOFTWARE',
	'MC_VERSION',
	'MODRINTH_PROJECT_ID',
	'MODRINTH_VERSION_ID',
	'MODPACK_LOADER',
	'MODPACK_LOADER_VERSION',
	'FRESH_WORLD',
	'INSTALL_ID',
] as const;
type InstallerVariables = Record<(typeof INSTALLER_VARIABLES)[number], string>;

/** What to install, in the egg's terms; a new `installId` makes a fresh world happen once. */
export function installerVariables(
	install: SoftwareInstall,
	freshWorld: boolean,
	installId: string,
): InstallerVariables {
	const once = { FRESH_WORLD: freshWorld ? '1' : '0', INSTALL_ID: installId };
	if (install.kind === 'software')
		return {
			SOFTWARE: install.software,
			MC_VERSION: install.minecraftVersion,
			...{ MODRINTH_PROJECT_ID: '', MODRINTH_VERSION_ID: '' },
			...{ MODPACK_LOADER: '', MODPACK_LOADER_VERSION: '' },
			...once,
		};
	const { plan } = install;
	return {
		SOFTWARE: 'modrinth',
		MC_VERSION: plan.gameVersion,
		...{ MODRINTH_PROJECT_ID: plan.projectId, MODRINTH_VERSION_ID: plan.versionId },
		...{ MODPACK_LOADER: plan.loader, MODPACK_LOADER_VERSION: plan.loaderVersion },
		...once,
	};
}

/**
 * A Minecraft server runs the configured Minecraft egg, or (made before it was configured) another
 * egg of its nest that no other game uses.
 */
function isMinecraft(server: ServerAttributes, config: PterodactylConfig): boolean {
	const { minecraft, ...others } = config.eggs;
	if (server.egg === minecraft.egg) return true;
	const otherEggs = Object.values(others).map((egg) => egg.egg);
	return server.nest === minecraft.nest && !otherEggs.includes(server.egg);
}

export function createSoftwareInstall(
	http: PanelHttp,
	config: PterodactylConfig,
	read: (id: number) => Promise<ServerAttributes>,
	options: StopOptions,
): GamePanel['installSoftware'] {
	return async (ref: ServerRef, install, choice) => {
		const { install: wanted, freshWorld } = parseSoftwareInstall(install, choice);
		const server = await read(ref.panelServerId);
		if (!isMinecraft(server, config))
			throw new GamePanelRefusedError(
				'not_minecraft',
				`Server ${ref.panelServerId} runs egg ${server.egg}, not Minecraft's`,
				{ status: 422 },
			);
		// The panel itself would take both, and lose: a reinstall's status replaces a suspension
		// (which its end then lifts), and Wings drops one that comes while another runs.
		const status = panelStatus(server);
		if (status && status !== 'install_failed')
			throw new GamePanelConflictError(`The server is ${status.replace('_', ' ')}`, {
				status: 409,
				code: 'ServerStateConflictException',
			});
		const egg = await readEgg(http, config, 'minecraft');
		const missing = INSTALLER_VARIABLES.filter(
			(name) => !egg.variables.some((v) => v.env_variable === name),
		);
		if (missing.length)
			throw new GamePanelConfigError(
				`The Minecraft egg of PTERODACTYL_EGGS (egg ${egg.egg}) has no ${missing.join(', ')}: import ops/pterodactyl/egg-frostnode-minecraft.json and name it there (docs/operations.md)`,
			);
		// A failed install left nothing running (and the client API refuses it until reinstalled).
		if (server.status === null) await stopAndWait(http, ref, options);
		const minecraftVersion =
			wanted.kind === 'modpack' ? wanted.plan.gameVersion : wanted.minecraftVersion;
		const path = `/servers/${ref.panelServerId}`;
		await http.send('application', 'PATCH', `${path}/startup`, {
			startup: egg.startup,
			environment: { ...egg.environment, ...installerVariables(wanted, freshWorld, randomUUID()) },
			egg: egg.egg,
			image: imageFor(egg.images, javaFor(minecraftVersion)) ?? egg.image,
			skip_scripts: false,
		});
		await http.send('application', 'POST', `${path}/reinstall`);
	};
}
