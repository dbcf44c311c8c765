import {
	existsSync,
	lstatSync,
	mkdirSync,
	readFileSync,
	readdirSync,
	renameSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { confine, refuse } from './sim-paths';
import type { FileEntry } from './types';

// The file operations of a simulated server on its folder, with Wings' rules: every path confined
// to the folder, 4 MiB the most the editor opens, binary content refused as text. Folders first
// in a listing, as the panel sorts them.

export const MAX_EDIT_BYTES = 4 * 1024 * 1024;

const mimetypes: Record<string, string> = {
	'.json': 'application/json',
	'.gz': 'application/gzip',
	'.yml': 'application/yaml',
	'.yaml': 'application/yaml',
	'.jar': 'application/java-archive',
	'.zip': 'application/zip',
	'.dat': 'application/octet-stream',
};
const textual = new Set(['.txt', '.properties', '.log', '.ini', '.cfg', '.conf', '.sh', '.toml']);

function mimetype(name: string, isFolder: boolean): string {
	if (isFolder) return 'inode/directory';
	const ext = extname(name).toLowerCase();
	return mimetypes[ext] ?? (textual.has(ext) ? 'text/plain' : 'application/octet-stream');
}

export function listFolder(root: string, dir: string): FileEntry[] {
	const folder = confine(root, dir);
	const stat = lstatSync(folder, { throwIfNoEntry: false });
	if (!stat) refuse('file_not_found', `${dir} does not exist`);
	if (!stat.isDirectory()) refuse('not_a_folder', `${dir} is not a folder`);
	const entries = readdirSync(folder).map((name): FileEntry => {
		const entry = lstatSync(join(folder, name));
		const kind = entry.isSymbolicLink() ? 'link' : entry.isDirectory() ? 'folder' : 'file';
		return {
			name,
			kind,
			bytes: kind === 'file' ? entry.size : 0,
			modifiedAt: entry.mtime.toISOString(),
			mimetype: mimetype(name, kind === 'folder'),
		};
	});
	const rank = (entry: FileEntry) => (entry.kind === 'folder' ? 0 : 1);
	return entries.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

/** An existing file's host path: refused when missing, or a folder (nothing to open). */
export function existingFile(root: string, path: string): string {
	const target = confine(root, path, { allowRoot: false });
	const stat = statSync(target, { throwIfNoEntry: false });
	if (!stat) refuse('file_not_found', `${path} does not exist`);
	if (stat.isDirectory()) refuse('file_not_text', `${path} is a folder`);
	return target;
}

export function readText(root: string, path: string): string {
	const target = existingFile(root, path);
	if (statSync(target).size > MAX_EDIT_BYTES)
		refuse('file_too_large', `${path} is over 4 MiB, too large to edit`);
	const bytes = readFileSync(target);
	// Binary as Wings' editor sees it: a NUL byte, or bytes that are not UTF-8.
	if (bytes.includes(0)) refuse('file_not_text', `${path} is not a text file`);
	try {
		return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
	} catch {
		refuse('file_not_text', `${path} is not a text file`);
	}
}

export function writeText(root: string, path: string, text: string): void {
	const target = confine(root, path, { allowRoot: false });
	if (Buffer.byteLength(text) > MAX_EDIT_BYTES)
		refuse('file_too_large', `The text for ${path} is over 4 MiB`);
	// What the editor could not open again is not text: refused on the way in too.
	if (text.includes('\0')) refuse('file_not_text', `The text for ${path} holds binary data`);
	if (statSync(target, { throwIfNoEntry: false })?.isDirectory())
		refuse('name_taken', `${path} is a folder`);
	mkdirSync(dirname(target), { recursive: true });
	writeFileSync(target, text);
}

export function renamePath(root: string, from: string, to: string): void {
	const source = confine(root, from, { allowRoot: false });
	const target = confine(root, to, { allowRoot: false });
	if (!lstatSync(source, { throwIfNoEntry: false }))
		refuse('file_not_found', `${from} does not exist`);
	if (lstatSync(target, { throwIfNoEntry: false })) refuse('name_taken', `${to} already exists`);
	mkdirSync(dirname(target), { recursive: true });
	renameSync(source, target);
}

/** Deletes each path (a missing one is already gone, as Wings takes it); all checked first. */
export function deletePaths(root: string, paths: string[]): void {
	const targets = paths.map((path) => confine(root, path, { allowRoot: false }));
	for (const target of targets) rmSync(target, { recursive: true, force: true });
}

export function makeFolder(root: string, path: string): void {
	const target = confine(root, path, { allowRoot: false });
	if (existsSync(target)) refuse('name_taken', `${path} already exists`);
	mkdirSync(target, { recursive: true });
}

/** A folder to upload into: it must exist and be a folder. */
export function existingFolder(root: string, dir: string): string {
	const folder = confine(root, dir);
	const stat = statSync(folder, { throwIfNoEntry: false });
	if (!stat) refuse('file_not_found', `${dir} does not exist`);
	if (!stat.isDirectory()) refuse('not_a_folder', `${dir} is not a folder`);
	return folder;
}
