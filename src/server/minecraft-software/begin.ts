import { randomUUID } from 'node:crypto';
import type { Locale } from '../../i18n';
import type { SoftwareChangeKind } from '../../lib/domain/software-change';
import type { SoftwareInstall } from '../../lib/modpacks/plan';
import type { InstallView } from '../../lib/panel/types';
import { toolRefusal } from '../game-tools/refusals';
import type { GamePanel } from '../game-panel';
import { inBackground } from '../http/lifecycle';
import { logger } from '../log/logger';
import type { AdminClient } from '../supabase/admin-client';
import { firstBackup } from './backup-first';
import { runSoftwareChange } from './job';
import { changeLeaseSeconds } from './lease';
import { changeView } from './queries';
import type { SoftwareRefusal } from './refusals';
import type { MinecraftServer } from './server';

export interface ChangeRequest {
	kind: SoftwareChangeKind;
	/** What the customer reads: "Fabulously Optimized 6.1.0", "Paper 1.21.4". */
	target: string;
	install: SoftwareInstall;
	freshWorld: boolean;
}

/**
 * Begins a change that passed every check: recorded (one at a time per server: else
 * `install_running`), its backup started on the panel, then the rest runs in the background
 * (job.ts) while the customer is answered 202. A backup the panel refuses (every backup locked,
 * too many started lately) refuses the change, and the change is not kept: nothing changed.
 */
export async function beginChange(
	admin: AdminClient,
	panel: GamePanel,
	server: MinecraftServer,
	request: ChangeRequest,
	locale: Locale,
): Promise<{ install: InstallView } | SoftwareRefusal> {
	const holder = randomUUID();
	const { data: id, error } = await admin.rpc('begin_software_install', {
		customer: server.userId,
		service: server.id,
		kind: request.kind,
		target: request.target,
		install: request.install,
		fresh_world: request.freshWorld,
		holder,
		seconds: changeLeaseSeconds,
	});
	// The door checked the same a moment ago: the server changed state in between.
	if (error?.message === 'service_not_eligible') return 'not_ready';
	if (error?.message === 'modpack_extra_required')
		return { code: 'modpack_extra_required', serviceId: server.id };
	if (error) throw new Error(`begin_software_install: ${error.message}`);
	if (!id) return 'install_running';
	const change = { id, service_id: server.id, userId: server.userId, target: request.target };
	try {
		await firstBackup(admin, panel, change, server.ref, holder);
	} catch (failure) {
		const { error: dropped } = await admin.from('software_installs').delete().eq('id', id);
		if (dropped) logger.error('a refused software change was not removed', { id, error: dropped });
		const refusal = toolRefusal(failure);
		return refusal === 'backup_not_found' ? 'panel_unavailable' : refusal;
	}
	inBackground(
		runSoftwareChange(admin, id, { panel, holder }).catch((failure: unknown) =>
			logger.error('software change failed', { changeId: id, error: failure }),
		),
	);
	return { install: await changeView(admin, id, locale) };
}
