import { GamePanelRefusedError, GamePanelValidationError } from './errors';

// The file rules both implementations apply before touching anything: paths are absolute within
// the server's folder and never leave it (Wings would answer a path that escapes with a bare 404,
// indistinguishable from a missing file), and the editor handles text of at most 4 MiB, the
// panel's `files.max_edit_size`.

/** The panel's limit on what its file editor opens, and ours on what we write. */
export const MAX_EDIT_BYTES = 4 * 1024 * 1024;

const MAX_PATH = 4096;

/**
 * `path` as `/a/b`: `.` and `..` resolved, repeated and trailing slashes dropped; relative paths
 * are taken from the root. Refused with `path_outside_root` when `..` climbs above it.
 */
export function normalisePath(path: string, field = 'path'): string {
	if (typeof path !== 'string' || path.length > MAX_PATH || /[\0\n\r]/.test(path))
		throw new GamePanelValidationError([{ field, message: 'is not a file path' }]);
	const parts: string[] = [];
	for (const part of path.split('/')) {
		if (part === '' || part === '.') continue;
		if (part === '..') {
			if (parts.length === 0)
				throw new GamePanelRefusedError(
					'path_outside_root',
					`${path} is outside the server's folder`,
				);
			parts.pop();
		} else parts.push(part);
	}
	return `/${parts.join('/')}`;
}

/** A path that names something inside the root, not the root itself (to rename or delete). */
export function normaliseEntry(path: string, field = 'path'): string {
	const normal = normalisePath(path, field);
	if (normal === '/')
		throw new GamePanelValidationError([{ field, message: "is the server's folder itself" }]);
	return normal;
}

/** The folder holding an entry and the entry's name. */
export function splitPath(normal: string): { dir: string; name: string } {
	const at = normal.lastIndexOf('/');
	return { dir: normal.slice(0, at) || '/', name: normal.slice(at + 1) };
}

const refuseBinary = () =>
	new GamePanelRefusedError('file_not_text', 'This file is not text and cannot be edited here');

/** A file's bytes as text: refused when it is not UTF-8 or holds NUL bytes (a binary file). */
export function textFromBytes(bytes: Uint8Array): string {
	if (bytes.byteLength > MAX_EDIT_BYTES)
		throw new GamePanelRefusedError('file_too_large', 'The file is larger than 4 MiB');
	let text: string;
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
	} catch {
		throw refuseBinary();
	}
	if (text.includes('\0')) throw refuseBinary();
	return text;
}

/** Text to write: at most 4 MiB as UTF-8, and no NUL (which only binary content holds). */
export function checkText(text: string): string {
	if (typeof text !== 'string') throw refuseBinary();
	if (text.includes('\0')) throw refuseBinary();
	if (Buffer.byteLength(text, 'utf8') > MAX_EDIT_BYTES)
		throw new GamePanelRefusedError('file_too_large', 'The text is larger than 4 MiB');
	return text;
}
