import { GamePanelError, GamePanelRefusedError } from './errors';
import { parseBackupInput } from './input';
import type { PanelHttp } from './pterodactyl-http';
import {
	backupListSchema,
	backupSchema,
	signedUrlSchema,
	type BackupAttributes,
} from './pterodactyl-schemas';
import { signedLink } from './pterodactyl-files';
import { stopAndWait, type StopOptions } from './pterodactyl-stop';
import type { Backup, ServerRef } from './types';

// Backups on the client API (`/servers/{identifier}/backups`). The panel's refusals come back as
// GamePanelRefusedError by their exception class (pterodactyl-errors.ts); the plan's limit, which
// the panel states only in words, is read from the server (application API) and attached.

/** How long a restore waits for the server to stop before killing it, and how often it looks. */
export type BackupOptions = StopOptions;

const PAGE = 50;

export function toBackup(b: BackupAttributes): Backup {
	return {
		id: b.uuid,
		name: b.name,
		bytes: b.bytes,
		checksum: b.checksum,
		createdAt: b.created_at,
		completedAt: b.completed_at,
		successful: b.is_successful,
		locked: b.is_locked,
	};
}

export function createBackups(
	http: PanelHttp,
	backupLimit: (ref: ServerRef) => Promise<number>,
	options: BackupOptions = {},
) {
	const base = (ref: ServerRef) => `/servers/${encodeURIComponent(ref.identifier)}/backups`;
	const one = (ref: ServerRef, id: string) => `${base(ref)}/${encodeURIComponent(id)}`;
	const read = async (ref: ServerRef, id: string) =>
		(await http.get('client', one(ref, id), backupSchema)).attributes;

	return {
		async listBackups(ref: ServerRef) {
			const backups: Backup[] = [];
			for (let page = 1; ; page++) {
				const path = `${base(ref)}?per_page=${PAGE}&page=${page}`;
				const answer = await http.get('client', path, backupListSchema);
				backups.push(...answer.data.map(({ attributes }) => toBackup(attributes)));
				if (page >= (answer.meta?.pagination.total_pages ?? 1)) break;
			}
			backups.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
			return { backups, limit: await backupLimit(ref) };
		},

		async createBackup(ref: ServerRef, input: { name?: string; locked?: boolean }) {
			const { name, locked } = parseBackupInput(input);
			const body = { ...(name ? { name } : {}), ...(locked ? { is_locked: true } : {}) };
			try {
				const created = await http.send('client', 'POST', base(ref), body);
				return toBackup(http.parse(backupSchema, created, base(ref)).attributes);
			} catch (error) {
				if (!(error instanceof GamePanelRefusedError) || error.reason !== 'backup_limit')
					throw error;
				const limit = await backupLimit(ref);
				throw new GamePanelRefusedError(
					'backup_limit',
					`This server's plan keeps at most ${limit} backups: delete or unlock one first`,
					{ status: error.status, code: error.code, limit },
				);
			}
		},

		async setBackupLocked(ref: ServerRef, id: string, locked: boolean) {
			const backup = await read(ref, id);
			if (backup.is_locked === locked) return toBackup(backup);
			// The panel's route toggles; read first so the call sets.
			const path = `${one(ref, id)}/lock`;
			return toBackup(
				http.parse(backupSchema, await http.send('client', 'POST', path), path).attributes,
			);
		},

		async backupDownload(ref: ServerRef, id: string) {
			const path = `${one(ref, id)}/download`;
			return signedLink(await http.get('client', path, signedUrlSchema));
		},

		async restoreBackup(ref: ServerRef, id: string, { truncate }: { truncate: boolean }) {
			const backup = await read(ref, id);
			if (!backup.is_successful || !backup.completed_at)
				throw new GamePanelRefusedError(
					'backup_not_restorable',
					'This backup is not complete (or failed) and cannot be restored',
				);
			// Restore does not stop the server (Wings extracts over a running one): we do, bounded.
			await stopAndWait(http, ref, options);
			try {
				await http.send('client', 'POST', `${one(ref, id)}/restore`, { truncate });
			} catch (error) {
				// The panel's 400s here: the server is busy, or the backup is not complete.
				if (error instanceof GamePanelError && error.status === 400)
					throw new GamePanelRefusedError('backup_not_restorable', error.message, {
						status: 400,
						...(error.code ? { code: error.code } : {}),
					});
				throw error;
			}
		},

		async deleteBackup(ref: ServerRef, id: string) {
			await http.send('client', 'DELETE', one(ref, id));
		},
	};
}
