import type { Backup, FileEntry } from '../game-panel';
import type { BackupView, FileView } from '../../lib/game-tools/types';

// The panel's backups and files as the API shows them: nothing the customer does not need
// (checksums, mimetypes) and the state spelled out.

export function backupView(backup: Backup): BackupView {
	const state =
		backup.completedAt === null ? 'in_progress' : backup.successful ? 'completed' : 'failed';
	return {
		id: backup.id,
		name: backup.name,
		bytes: backup.bytes,
		createdAt: backup.createdAt,
		completedAt: backup.completedAt,
		locked: backup.locked,
		state,
	};
}

/** Folders first, then files, each by name as a person sorts them (2 before 10). */
export function fileViews(entries: FileEntry[]): FileView[] {
	const order = (entry: FileEntry) => (entry.kind === 'folder' ? 0 : 1);
	return [...entries]
		.sort((a, b) => order(a) - order(b) || a.name.localeCompare(b.name, 'en', { numeric: true }))
		.map(({ name, kind, bytes, modifiedAt }) => ({ name, kind, bytes, modifiedAt }));
}

/** Backup ids are the panel's uuids: anything else never reaches it. */
export const isBackupId = (id: string) => /^[A-Za-z0-9-]{1,64}$/.test(id);
