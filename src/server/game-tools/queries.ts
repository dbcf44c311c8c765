import type { User } from '@supabase/supabase-js';
import { normalizePath } from '../../lib/game-tools/paths';
import { byteLength, maxEditBytes } from '../../lib/game-tools/text-edit';
import type { BackupList, FileList } from '../../lib/game-tools/types';
import { refOf } from '../billing/panel-steps';
import { getGamePanel, type ServerRef, type SignedLink } from '../game-panel';
import type { AdminClient } from '../supabase/admin-client';
import { onOwnServer, viaPanel } from './panel-call';
import type { ToolRefusal } from './refusals';
import { backupView, fileViews, isBackupId } from './views';

// What a customer (or staff, read-only) sees of a game server's backups and files. Every read goes
// to the panel: it alone knows them.

const outside = { refused: 'path_outside_root' } as const;
/** The root is the server's folder, never a file. */
const noFile = { refused: 'file_not_found' } as const;

/** The backups of a server on the panel and the plan's limit, newest first. */
export async function backupsOf(ref: ServerRef): Promise<BackupList | ToolRefusal> {
	return viaPanel(async () => {
		const { backups, limit } = await getGamePanel().listBackups(ref);
		return { backups: backups.map(backupView), limit };
	});
}

export function serverBackups(admin: AdminClient, customer: User, serviceId: string) {
	return onOwnServer(admin, customer, serviceId, (_panel, ref) => backupsOf(ref));
}

/** The backups staff see on a server's page: any customer's, never changed from there. */
export async function serviceBackups(
	admin: AdminClient,
	serviceId: string,
): Promise<BackupList | ToolRefusal | null> {
	const { data, error } = await admin
		.from('services')
		.select('panel_server_id, panel_identifier')
		.eq('id', serviceId)
		.eq('product_type', 'game')
		.maybeSingle();
	if (error) throw new Error(`service ${serviceId}: ${error.message}`);
	const ref = data ? refOf(data) : null;
	return ref ? backupsOf(ref) : null;
}

/** A short-lived, single-use link to download one backup. */
export function backupDownload(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	backupId: string,
): Promise<SignedLink | ToolRefusal> {
	if (!isBackupId(backupId)) return Promise.resolve('backup_not_found');
	const link = (panel: ReturnType<typeof getGamePanel>, ref: ServerRef) =>
		panel.backupDownload(ref, backupId);
	return onOwnServer(admin, customer, serviceId, link, 'backup');
}

/** A folder of the server, folders first. */
export async function serverFiles(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	rawDir: string,
): Promise<FileList | ToolRefusal> {
	const dir = normalizePath(rawDir);
	if (dir === null) return outside;
	return onOwnServer(admin, customer, serviceId, async (panel, ref) => ({
		dir,
		files: fileViews(await panel.listFiles(ref, dir)),
	}));
}

/** A text file for the editor: refused when binary or over the editor's limit. */
export async function fileText(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	rawPath: string,
): Promise<{ path: string; text: string } | ToolRefusal> {
	const path = normalizePath(rawPath);
	if (path === null) return outside;
	if (path === '/') return noFile;
	return onOwnServer(admin, customer, serviceId, async (panel, ref) => {
		const text = await panel.readFile(ref, path);
		if (byteLength(text) > maxEditBytes) return { refused: 'file_too_large' } as const;
		return { path, text };
	});
}

/** A short-lived, single-use link to download one file. */
export async function fileDownload(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	rawPath: string,
): Promise<SignedLink | ToolRefusal> {
	const path = normalizePath(rawPath);
	if (path === null) return outside;
	if (path === '/') return noFile;
	return onOwnServer(admin, customer, serviceId, (panel, ref) => panel.fileDownload(ref, path));
}
