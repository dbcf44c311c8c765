import type { z } from 'zod';
import { GamePanelError, GamePanelNotFoundError, GamePanelRefusedError } from './errors';
import {
	MAX_EDIT_BYTES,
	checkText,
	normaliseEntry,
	normalisePath,
	splitPath,
	textFromBytes,
} from './files-input';
import type { PanelHttp } from './pterodactyl-http';
import { fileListSchema, signedUrlSchema } from './pterodactyl-schemas';
import type { FileEntry, ServerRef, SignedLink } from './types';

// The server's files on the client API (`/servers/{identifier}/files/*`), which the panel passes to
// Wings. Paths are checked first (files-input.ts): Wings confines them to the server's folder but
// answers an escaping one as a plain 404. Wings' own refusals come back relayed by the panel as
// DaemonConnectionException with Wings' status: 404 missing, 403 on the egg's deny list, 400 for a
// folder where a file was meant (or the other way round) or a name already taken.

/** Wings' signed links live 15 minutes; an S3 backup link says its own lifetime. */
const LINK_MS = 15 * 60_000;

export function signedLink(answer: z.infer<typeof signedUrlSchema>, now = Date.now()): SignedLink {
	const { url } = answer.attributes;
	const s3 = Number(new URL(url).searchParams.get('X-Amz-Expires'));
	const ms = Number.isFinite(s3) && s3 > 0 ? s3 * 1000 : LINK_MS;
	return { url, expiresAt: new Date(now + ms).toISOString() };
}

/** Wings' refusals as the customer's reasons; the server's own 404 stays not found. */
function wingsRefusal(error: unknown, path: string): unknown {
	if (!(error instanceof GamePanelError) || error.code !== 'DaemonConnectionException')
		return error;
	const options = { status: error.status, code: error.code };
	if (error instanceof GamePanelNotFoundError)
		return new GamePanelRefusedError('file_not_found', `${path} does not exist`, options);
	if (error.status === 403)
		return new GamePanelRefusedError('path_outside_root', `${path} may not be changed`, options);
	if (error.status === 400 && /already exists/i.test(error.message))
		return new GamePanelRefusedError('name_taken', `${path} already exists`, options);
	if (error.status === 400 && /directory|ENOTDIR/i.test(error.message))
		return new GamePanelRefusedError('not_a_folder', `${path} is not what was expected`, options);
	return error;
}

const relative = (normal: string) => normal.slice(1);

export function createFiles(http: PanelHttp) {
	const base = (ref: ServerRef) => `/servers/${encodeURIComponent(ref.identifier)}/files`;
	const query = (path: string) => encodeURIComponent(path);

	async function on<T>(path: string, call: () => Promise<T>): Promise<T> {
		try {
			return await call();
		} catch (error) {
			throw wingsRefusal(error, path);
		}
	}

	async function listFiles(ref: ServerRef, dir: string): Promise<FileEntry[]> {
		const normal = normalisePath(dir, 'dir');
		const path = `${base(ref)}/list?directory=${query(normal)}`;
		const { data } = await on(normal, () => http.get('client', path, fileListSchema));
		return data.map(({ attributes: f }) => ({
			name: f.name,
			kind: f.is_symlink ? 'link' : f.is_file ? 'file' : 'folder',
			bytes: f.size,
			modifiedAt: f.modified_at,
			mimetype: f.mimetype,
		}));
	}

	return {
		listFiles,

		async readFile(ref: ServerRef, file: string) {
			const normal = normaliseEntry(file);
			const path = `${base(ref)}/contents?file=${query(normal)}`;
			return textFromBytes(await on(normal, () => http.readBytes('client', path, MAX_EDIT_BYTES)));
		},

		async writeFile(ref: ServerRef, file: string, text: string) {
			const normal = normaliseEntry(file);
			const body = checkText(text);
			await on(normal, () =>
				http.sendText('client', `${base(ref)}/write?file=${query(normal)}`, body),
			);
		},

		async renameFile(ref: ServerRef, from: string, to: string) {
			const source = normaliseEntry(from, 'from');
			const target = normaliseEntry(to, 'to');
			// Wings answers a rename of a missing file with success, doing nothing: look first.
			const { dir, name } = splitPath(source);
			if (!(await listFiles(ref, dir)).some((entry) => entry.name === name))
				throw new GamePanelRefusedError('file_not_found', `${source} does not exist`);
			const body = { root: '/', files: [{ from: relative(source), to: relative(target) }] };
			await on(target, () => http.send('client', 'PUT', `${base(ref)}/rename`, body));
		},

		async deleteFiles(ref: ServerRef, paths: string[]) {
			const files = paths.map((path) => relative(normaliseEntry(path, 'paths')));
			if (files.length === 0) return;
			const body = { root: '/', files };
			await on(paths.join(', '), () => http.send('client', 'POST', `${base(ref)}/delete`, body));
		},

		async createFolder(ref: ServerRef, folder: string) {
			const { dir, name } = splitPath(normaliseEntry(folder));
			const body = { root: dir, name };
			await on(folder, () => http.send('client', 'POST', `${base(ref)}/create-folder`, body));
		},

		async fileDownload(ref: ServerRef, file: string) {
			const normal = normaliseEntry(file);
			const path = `${base(ref)}/download?file=${query(normal)}`;
			return signedLink(await on(normal, () => http.get('client', path, signedUrlSchema)));
		},

		async fileUpload(ref: ServerRef, dir: string) {
			const normal = normalisePath(dir, 'dir');
			const link = signedLink(await http.get('client', `${base(ref)}/upload`, signedUrlSchema));
			// Wings takes the target folder on the upload itself.
			const url = new URL(link.url);
			url.searchParams.set('directory', normal);
			return { ...link, url: url.toString() };
		},
	};
}
