import type { User } from '@supabase/supabase-js';
import { normalizePath } from '../../lib/game-tools/paths';
import { byteLength, lineChanges, maxEditBytes } from '../../lib/game-tools/text-edit';
import type { FileSaved } from '../../lib/game-tools/types';
import { GamePanelRefusedError, type SignedLink } from '../game-panel';
import { recordAction } from '../servers/owned';
import type { AdminClient } from '../supabase/admin-client';
import { onOwnServer } from './panel-call';
import { isRefusal, type Refused, type ToolRefusal } from './refusals';

// What a customer does to their game server's files. Paths are checked here before the panel sees
// them (src/lib/game-tools/paths.ts); the panel confines them again. The activity log records each.

const outside: Refused = { refused: 'path_outside_root' };
/** A path that names something in the folder: never the root itself. */
const inside = (raw: string) => {
	const path = normalizePath(raw);
	return path === null || path === '/' ? null : path;
};

/** The text before the save, for what changed; '' for a new file. A binary one stays untouched. */
async function textBefore(read: () => Promise<string>): Promise<string | Refused> {
	try {
		const text = await read();
		return byteLength(text) > maxEditBytes ? { refused: 'file_too_large' } : text;
	} catch (error) {
		if (error instanceof GamePanelRefusedError && error.reason === 'file_not_found') return '';
		throw error;
	}
}

/** Writes a text file (made if new) and says how many lines changed. */
export async function saveFile(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	rawPath: string,
	text: string,
): Promise<FileSaved | ToolRefusal> {
	const path = inside(rawPath);
	if (path === null) return outside;
	if (text.includes('\0')) return { refused: 'file_not_text' };
	const bytes = byteLength(text);
	if (bytes > maxEditBytes) return { refused: 'file_too_large' };
	const saved = await onOwnServer(admin, customer, serviceId, async (panel, ref) => {
		const before = await textBefore(() => panel.readFile(ref, path));
		if (typeof before !== 'string') return before;
		await panel.writeFile(ref, path, text);
		return { path, bytes, changes: lineChanges(before, text) };
	});
	if (isRefusal(saved)) return saved;
	await recordAction(admin, customer, serviceId, 'file_saved', {
		path,
		changed: saved.changes.changed,
	});
	return saved;
}

/** Renames or moves a file or folder within the server's folder. */
export async function renameFile(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	rawFrom: string,
	rawTo: string,
): Promise<{ from: string; to: string } | ToolRefusal> {
	const from = inside(rawFrom);
	const to = inside(rawTo);
	if (from === null || to === null) return outside;
	const done = await onOwnServer(admin, customer, serviceId, async (panel, ref) => {
		await panel.renameFile(ref, from, to);
		return { from, to };
	});
	if (isRefusal(done)) return done;
	await recordAction(admin, customer, serviceId, 'file_renamed', { from, to });
	return done;
}

/** Deletes files and folders (with what they hold). */
export async function deleteFiles(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	rawPaths: string[],
): Promise<{ deleted: string[] } | ToolRefusal> {
	const paths = rawPaths.map(inside);
	if (paths.some((path) => path === null)) return outside;
	const deleted = [...new Set(paths as string[])];
	const done = await onOwnServer(admin, customer, serviceId, async (panel, ref) => {
		await panel.deleteFiles(ref, deleted);
		return { deleted };
	});
	if (isRefusal(done)) return done;
	await recordAction(admin, customer, serviceId, 'file_deleted', { paths: deleted.join(', ') });
	return done;
}

export async function createFolder(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	rawPath: string,
): Promise<{ path: string } | ToolRefusal> {
	const path = inside(rawPath);
	if (path === null) return outside;
	const done = await onOwnServer(admin, customer, serviceId, async (panel, ref) => {
		await panel.createFolder(ref, path);
		return { path };
	});
	if (isRefusal(done)) return done;
	await recordAction(admin, customer, serviceId, 'folder_created', { path });
	return done;
}

/** Where the browser POSTs files into `dir` (multipart, field `files`): short-lived, single-use. */
export async function uploadLink(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	rawDir: string,
): Promise<SignedLink | ToolRefusal> {
	const dir = normalizePath(rawDir);
	if (dir === null) return outside;
	const link = await onOwnServer(admin, customer, serviceId, (panel, ref) =>
		panel.fileUpload(ref, dir),
	);
	if (isRefusal(link)) return link;
	await recordAction(admin, customer, serviceId, 'file_upload_started', { dir });
	return link;
}
