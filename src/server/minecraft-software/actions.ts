import type { User } from '@supabase/supabase-js';
import type { Locale } from '../../i18n';
import type { MinecraftSoftware } from '../../lib/domain/minecraft-software';
import { findPlan } from '../../lib/catalogue';
import { isOffered, softwareLabel } from '../../lib/minecraft-software/catalogue';
import { ramThatFits } from '../../lib/minecraft-software/upgrade-link';
import type { InstallView } from '../../lib/panel/types';
import { getGamePanel, type GamePanel } from '../game-panel';
import { getModpackSource } from '../modpacks';
import type { ModpackSource } from '../modpacks/types';
import type { AdminClient } from '../supabase/admin-client';
import { beginChange } from './begin';
import { resolveModpack } from './modpack-plan';
import { isSoftwareRefusal, type SoftwareRefusal } from './refusals';
import { changeRunning, minecraftServer } from './server';

// What a customer changes about their Minecraft server's software: a modpack installed (or
// updated: the same with a newer version), the pack removed, or plain software at a version. Each
// is checked whole before anything changes, then begun (begin.ts) and answered 202.

export interface Caller {
	admin: AdminClient;
	customer: User;
	locale: Locale;
}

export interface Adapters {
	panel: GamePanel;
	source: ModpackSource;
}

const adapters = (): Adapters => ({ panel: getGamePanel(), source: getModpackSource() });

type Answer = Promise<{ install: InstallView } | SoftwareRefusal>;

/** `POST /api/services/{id}/modpack`: the pack's version, on a server with the paid extra. */
export async function installModpack(
	caller: Caller,
	serviceId: string,
	input: { projectId: string; versionId: string; freshWorld: boolean },
	{ panel, source }: Adapters = adapters(),
): Answer {
	const server = await minecraftServer(caller.admin, caller.customer, serviceId);
	if (isSoftwareRefusal(server)) return server;
	if (!server.modpackExtra) return { code: 'modpack_extra_required', serviceId };
	if (await changeRunning(caller.admin, serviceId)) return 'install_running';
	const plan = await resolveModpack(source, input.projectId, input.versionId);
	if (isSoftwareRefusal(plan)) return plan;
	const recommended = plan.recommendedRamGb;
	if (recommended !== null && recommended > server.ramGb) {
		const sold = findPlan(server.planId);
		return {
			code: 'modpack_needs_ram',
			serviceId,
			recommendedRamGb: recommended,
			ramGb: server.ramGb,
			fitsRamGb: sold ? ramThatFits(sold, recommended) : null,
			maxRamGb: sold?.maxRam ?? server.ramGb,
		};
	}
	const request = {
		kind: 'modpack',
		target: `${plan.name} ${plan.versionName}`,
		install: { kind: 'modpack', plan },
		freshWorld: input.freshWorld,
	} as const;
	return beginChange(caller.admin, panel, server, request, caller.locale);
}

/**
 * `DELETE /api/services/{id}/modpack`: back to plain software, worlds kept: the software the
 * server ran before the pack, else Vanilla at the pack's Minecraft version. No extra needed.
 */
export async function removeModpack(
	caller: Caller,
	serviceId: string,
	{ panel }: Pick<Adapters, 'panel'> = { panel: getGamePanel() },
): Answer {
	const server = await minecraftServer(caller.admin, caller.customer, serviceId);
	if (isSoftwareRefusal(server)) return server;
	if (!server.modpack) return 'no_modpack';
	if (await changeRunning(caller.admin, serviceId)) return 'install_running';
	const back = server.software ?? {
		software: 'vanilla' as const,
		minecraftVersion: server.modpack.gameVersion,
	};
	const request = {
		kind: 'modpack_removal',
		target: softwareLabel(back.software, back.minecraftVersion),
		install: { kind: 'software', ...back },
		freshWorld: false,
	} as const;
	return beginChange(caller.admin, panel, server, request, caller.locale);
}

/** `PUT /api/services/{id}/software`: plain software at a version the catalogue offers. */
export async function changeSoftware(
	caller: Caller,
	serviceId: string,
	input: { software: string; minecraftVersion: string; freshWorld: boolean },
	{ panel }: Pick<Adapters, 'panel'> = { panel: getGamePanel() },
): Answer {
	const { software, minecraftVersion } = input;
	if (!isOffered(software, minecraftVersion)) return 'software_unknown';
	const server = await minecraftServer(caller.admin, caller.customer, serviceId);
	if (isSoftwareRefusal(server)) return server;
	if (await changeRunning(caller.admin, serviceId)) return 'install_running';
	const chosen: { software: MinecraftSoftware; minecraftVersion: string } = {
		software,
		minecraftVersion,
	};
	const request = {
		kind: 'software',
		target: softwareLabel(software, minecraftVersion),
		install: { kind: 'software', ...chosen },
		freshWorld: input.freshWorld,
	} as const;
	return beginChange(caller.admin, panel, server, request, caller.locale);
}
