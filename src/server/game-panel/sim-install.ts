import { GamePanelRefusedError } from './errors';
import { parseSoftwareInstall } from './input';
import type { SimContext } from './sim-context';
import { simGame } from './sim-games';
import { startInstallLog } from './sim-install-apply';
import { simInstallPlan } from './sim-install-plan';
import { appendLines } from './sim-log';
import { confine } from './sim-paths';
import { stateAt } from './sim-timeline';
import type { GamePanel } from './types';

// The simulated panel's installSoftware: refused as on Pterodactyl (another game, suspended, an
// install already running), the server stopped, then `installing` for one step while the install
// log appears in the console, then `offline` with its new files, or `install_failed`
// (sim-install-apply.ts). What fails is what the installer egg refuses: a NeoForge version for
// another Minecraft, a pack path outside the server's folder.

/* eslint-disable @typescript-eslint/require-await -- async like the port: a refusal arrives as a
   rejection, as it does from the real panel. */

/** The .mrpack format's relative path, inside the folder even through links (as the egg checks). */
function safePath(root: string, path: string): boolean {
	const parts = path.split('/');
	if (path.includes('\\') || parts.some((part) => ['', '.', '..'].includes(part))) return false;
	try {
		confine(root, path, { allowRoot: false });
		return true;
	} catch {
		return false;
	}
}

export function simInstallSoftware(context: SimContext): GamePanel['installSoftware'] {
	return async (ref, install, choice) => {
		const { install: wanted, freshWorld } = parseSoftwareInstall(install, choice);
		const server = context.find(ref);
		const at = context.now();
		if (server.game !== 'minecraft')
			throw new GamePanelRefusedError(
				'not_minecraft',
				`Simulated server ${ref.panelServerId} is ${server.game}, not Minecraft`,
				{ status: 422 },
			);
		// Refused while suspended, installing or restoring; a failed install may be replaced.
		context.refuseUnlessInstalled(server, at);
		const root = context.dirs.root(server.identifier);
		const plan = simInstallPlan(wanted, (path) => safePath(root, path));
		const state = stateAt(context.timelineAt(server, at), at);
		if (state === 'running' || state === 'starting')
			appendLines(
				root,
				server,
				simGame(server.game).stopping.map((text) => ({ at, text })),
			);
		const until = at + context.config.delayMs;
		server.timeline = [
			{ at, state: 'installing' },
			{ at: until, state: 'offline' },
		];
		server.logUntil = at;
		server.pendingInstall = {
			install: wanted,
			freshWorld,
			at,
			until,
			lines: plan.lines,
			failed: plan.failure !== null,
		};
		delete server.installFailed;
		startInstallLog(root, server);
		context.save();
	};
}
