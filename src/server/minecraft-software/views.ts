import { z } from 'zod';
import { useTranslations, type Locale } from '../../i18n';
import {
	minecraftSoftwareSchema,
	modpackLoaderSchema,
	softwareInstallStatuses,
} from '../../lib/domain/minecraft-software';
import {
	softwareChangeKindSchema,
	softwareInstallErrorSchema,
	softwareInstallStepSchema,
} from '../../lib/domain/software-change';
import type { InstallView, ServerSoftware } from '../../lib/panel/types';

// The rows of `software_installs` and `server_software` as read (parsed, never cast), and as the
// panel shows them: a failure in the reader's language, a step only while the change runs.

export const changeColumns =
	'id, service_id, kind, target, status, step, backup_id, error_code, restored_backup, fresh_world, started_at, finished_at';

export const changeRowSchema = z.object({
	id: z.string(),
	service_id: z.string(),
	kind: softwareChangeKindSchema,
	target: z.string(),
	status: z.enum(softwareInstallStatuses),
	step: softwareInstallStepSchema,
	backup_id: z.string().nullable(),
	error_code: softwareInstallErrorSchema.nullable(),
	restored_backup: z.boolean(),
	fresh_world: z.boolean(),
	started_at: z.string(),
	finished_at: z.string().nullable(),
});
export type ChangeRow = z.infer<typeof changeRowSchema>;

export function installView(row: ChangeRow, locale: Locale): InstallView {
	const t = useTranslations(locale);
	return {
		id: row.id,
		kind: row.kind,
		status: row.status,
		step: row.status === 'installing' ? row.step : null,
		target: row.target,
		startedAt: row.started_at,
		finishedAt: row.finished_at,
		// A running change with an error is still putting its backup back: said once it ends.
		error:
			row.status === 'failed' && row.error_code ? t(`software.failure.${row.error_code}`) : null,
		restoredBackup: row.restored_backup,
	};
}

export const softwareColumns =
	'software, minecraft_version, modpack_project_id, modpack_version_id, modpack_name, modpack_version, modpack_loader, modpack_game_version';

const softwareRowSchema = z.object({
	software: minecraftSoftwareSchema.nullable(),
	minecraft_version: z.string().nullable(),
	modpack_project_id: z.string().nullable(),
	modpack_version_id: z.string().nullable(),
	modpack_name: z.string().nullable(),
	modpack_version: z.string().nullable(),
	modpack_loader: modpackLoaderSchema.nullable(),
	modpack_game_version: z.string().nullable(),
});

/** What a server runs, from its `server_software` row (none yet: the plan's default, no pack). */
export function runsOf(row: unknown): Pick<ServerSoftware, 'software' | 'modpack'> {
	if (row === null) return { software: null, modpack: null };
	const r = softwareRowSchema.parse(row);
	return {
		software:
			r.software && r.minecraft_version
				? { software: r.software, minecraftVersion: r.minecraft_version }
				: null,
		modpack:
			r.modpack_project_id &&
			r.modpack_version_id &&
			r.modpack_name &&
			r.modpack_version &&
			r.modpack_loader &&
			r.modpack_game_version
				? {
						projectId: r.modpack_project_id,
						versionId: r.modpack_version_id,
						name: r.modpack_name,
						version: r.modpack_version,
						loader: r.modpack_loader,
						gameVersion: r.modpack_game_version,
					}
				: null,
	};
}
