import { z } from 'zod';
import type { SoftwareInstallError, SoftwareInstallStep } from '../../lib/domain/software-change';
import {
	modpackPlanSchema,
	softwarePlanSchema,
	type SoftwareInstall,
} from '../../lib/modpacks/plan';
import { refOf } from '../billing/panel-steps';
import type { ServerRef } from '../game-panel';
import type { AdminClient } from '../supabase/admin-client';
import { ChangeInterrupted } from './job-waits';
import { changeColumns, changeRowSchema, type ChangeRow } from './views';

// One software change as the job works on it: its row, what the panel installs, where the server
// is on the panel, and the writes the job makes to its row and to the server's activity.

export const installSchema = z.discriminatedUnion('kind', [
	softwarePlanSchema.extend({ kind: z.literal('software') }),
	z.object({ kind: z.literal('modpack'), plan: modpackPlanSchema }),
]);

export interface Change extends ChangeRow {
	userId: string;
	install: SoftwareInstall;
	/** Null when the service lost its server meanwhile (terminated): the change fails. */
	ref: ServerRef | null;
}

const extra = z.object({ user_id: z.string(), install: installSchema });
const panelIds = z.object({
	panel_server_id: z.string().nullable(),
	panel_identifier: z.string().nullable(),
});

/** The change, while it is still running; null once it finished (or never was). */
export async function loadChange(admin: AdminClient, changeId: string): Promise<Change | null> {
	const { data, error } = await admin
		.from('software_installs')
		.select(`${changeColumns}, user_id, install`)
		.eq('id', changeId)
		.maybeSingle();
	if (error) throw new Error(`software change ${changeId}: ${error.message}`);
	if (!data) return null;
	const row = changeRowSchema.parse(data);
	if (row.status !== 'installing') return null;
	const { user_id: userId, install } = extra.parse(data);
	const service = await admin
		.from('services')
		.select('panel_server_id, panel_identifier')
		.eq('id', row.service_id)
		.single();
	if (service.error) throw new Error(`service ${row.service_id}: ${service.error.message}`);
	return { ...row, userId, install, ref: refOf(panelIds.parse(service.data)) };
}

/** Records the step reached (and the backup, once made); false when the lease was lost. */
export async function recordStep(
	admin: AdminClient,
	change: Pick<Change, 'id'>,
	holder: string,
	step: SoftwareInstallStep,
	backupId?: string,
): Promise<boolean> {
	const { data, error } = await admin.rpc('software_install_step', {
		change: change.id,
		holder,
		step,
		...(backupId ? { backup_id: backupId } : {}),
	});
	if (error) throw new Error(`software_install_step: ${error.message}`);
	return data === true;
}

/** Why the change fails, recorded before its backup is put back; interrupted, it restores on. */
export async function recordFailing(
	admin: AdminClient,
	change: Pick<Change, 'id'>,
	holder: string,
	reason: SoftwareInstallError,
): Promise<void> {
	const { data, error } = await admin.rpc('software_install_failing', {
		change: change.id,
		holder,
		error_code: reason,
	});
	if (error) throw new Error(`software_install_failing: ${error.message}`);
	if (data !== true) throw new ChangeInterrupted();
}

/** A line in the server's activity about what the change did besides itself (its backups). */
export async function recordOn(
	admin: AdminClient,
	change: Pick<Change, 'service_id' | 'userId'>,
	event: 'backup_created' | 'backup_deleted',
	detail: Record<string, string | boolean>,
): Promise<void> {
	const { error } = await admin.rpc('record_server_action', {
		customer: change.userId,
		service: change.service_id,
		event,
		detail,
	});
	if (error) throw new Error(`record_server_action: ${error.message}`);
}
