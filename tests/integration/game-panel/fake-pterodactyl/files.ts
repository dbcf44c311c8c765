import { refused, usableServer } from './client';
import { type FakeTree, resolvePath } from './node';
import { type Context, type Route, noContent, ok } from './routes';
import type { FakeServer } from './state';
import { collection, fileObject } from './transform';
import { type Answer, Validator, panelError } from './validation';

// /api/client/servers/{server}/files/*: the panel's FormRequests, then Wings' answers relayed as
// the panel does (DaemonConnectionException with Wings' status and words): outside the root or
// missing → 404, the egg's deny list → 403, a folder where a file is meant → 400, contents over
// 4 MiB → 400 FileSizeTooLargeException. `write` takes the raw body, whatever its content type.

export const MAX_EDIT_SIZE = 4 * 1024 * 1024;
/** The egg's file deny list (Wings refuses to touch these). */
const DENYLIST = new Set(['server.jar']);

export const wings = (status: number, error: string) =>
	panelError(
		status,
		'DaemonConnectionException',
		`An error occurred on the remote host: ${error}. (request id: 00000000-fake)`,
	);
export const missing = () => wings(404, 'The requested resources was not found on the system.');
const isDirectory = () => wings(400, 'Cannot perform that action: file is a directory.');
const denied = () => wings(403, 'This file cannot be modified: present in egg denylist.');

const parentOf = (path: string) => path.split('/').slice(0, -1).join('/');
const existingFolder = (tree: FakeTree, path: string) =>
	path === '' || tree.get(path)?.kind === 'folder';

/** The route's server and the query's path, resolved as Wings resolves it. */
function target(ctx: Context, field: string): { s: FakeServer; path: string } | Answer {
	const s = usableServer(ctx.state, ctx.params[0]!);
	if (refused(s)) return s;
	const raw = ctx.query.get(field);
	if (field === 'file' && !raw) return new Validator({}).check('file', 'required|string').answer()!;
	const path = resolvePath(raw ?? '/');
	return path === null ? missing() : { s, path };
}

function remove(tree: FakeTree, path: string) {
	for (const key of [...tree.keys()])
		if (key === path || key.startsWith(`${path}/`)) tree.delete(key);
}

const FILES = '^\\/servers\\/([^/]+)\\/files';
const route = (tail: string) => new RegExp(`${FILES}${tail}$`);

export const fileRoutes: Route[] = [
	[
		'GET',
		route('/list'),
		(ctx) => {
			const found = target(ctx, 'directory');
			if ('status' in found) return found;
			const { s, path } = found;
			if (!existingFolder(s.wings.files, path))
				return wings(404, 'The requested directory does not exist.');
			const prefix = path ? `${path}/` : '';
			const rows = [...s.wings.files]
				.filter(
					([key]) =>
						key.startsWith(prefix) && !key.slice(prefix.length).includes('/') && key !== path,
				)
				.map(([key, f]) => fileObject(key.slice(prefix.length), f));
			return ok(collection('file_object', rows));
		},
	],
	[
		'GET',
		route('/contents'),
		(ctx) => {
			const found = target(ctx, 'file');
			if ('status' in found) return found;
			const file = found.s.wings.files.get(found.path);
			if (!file) return missing();
			if (file.kind === 'folder') return isDirectory();
			if (file.data.length > MAX_EDIT_SIZE)
				return panelError(
					400,
					'FileSizeTooLargeException',
					'The file you are attempting to open is too large to view in the file editor.',
				);
			return { status: 200, body: file.data, headers: { 'Content-Type': 'text/plain' } };
		},
	],
	[
		'POST',
		route('/write'),
		(ctx) => {
			const found = target(ctx, 'file');
			if ('status' in found) return found;
			const { s, path } = found;
			if (DENYLIST.has(path)) return denied();
			if (s.wings.files.get(path)?.kind === 'folder') return isDirectory();
			if (!existingFolder(s.wings.files, parentOf(path)))
				ensureFolders(s.wings.files, parentOf(path), ctx.state.now());
			s.wings.files.set(path, { kind: 'file', data: ctx.raw, modified: ctx.state.now() });
			return noContent();
		},
	],
	[
		'PUT',
		route('/rename'),
		(ctx) => {
			const s = usableServer(ctx.state, ctx.params[0]!);
			if (refused(s)) return s;
			const invalid = new Validator(ctx.body)
				.check('root', 'present|nullable|string')
				.check('files', 'required|array')
				.answer();
			if (invalid) return invalid;
			const { root, files } = ctx.body as {
				root: string | null;
				files: { from?: unknown; to?: unknown }[];
			};
			for (const [i, f] of files.entries())
				if (typeof f.from !== 'string' || typeof f.to !== 'string')
					return (
						new Validator(f)
							.check(`files.${i}.from`, 'required|string')
							.check(`files.${i}.to`, 'required|string')
							.answer() ??
						new Validator({})
							.fail(`files.${i}.from`, 'required', 'The from field is required.')
							.answer()!
					);
			const tree = s.wings.files;
			for (const f of files as { from: string; to: string }[]) {
				const from = resolvePath(`${root ?? ''}/${f.from}`);
				const to = resolvePath(`${root ?? ''}/${f.to}`);
				if (from === null || to === null) return missing();
				if (DENYLIST.has(from) || DENYLIST.has(to)) return denied();
				// Wings: a missing source is skipped silently, an existing target refused.
				if (!tree.has(from)) continue;
				if (tree.has(to))
					return wings(400, 'Cannot move or rename file, destination already exists.');
				for (const [key, file] of [...tree])
					if (key === from || key.startsWith(`${from}/`)) {
						tree.delete(key);
						tree.set(to + key.slice(from.length), file);
					}
			}
			return noContent();
		},
	],
	[
		'POST',
		route('/delete'),
		(ctx) => {
			const s = usableServer(ctx.state, ctx.params[0]!);
			if (refused(s)) return s;
			const invalid = new Validator(ctx.body)
				.check('root', 'present|nullable|string')
				.check('files', 'required|array')
				.answer();
			if (invalid) return invalid;
			const { root, files } = ctx.body as { root: string | null; files: unknown[] };
			for (const f of files) {
				const path = typeof f === 'string' ? resolvePath(`${root ?? ''}/${f}`) : null;
				if (path === null || path === '') return missing();
				if (DENYLIST.has(path)) return denied();
				remove(s.wings.files, path);
			}
			return noContent();
		},
	],
	[
		'POST',
		route('/create-folder'),
		(ctx) => {
			const s = usableServer(ctx.state, ctx.params[0]!);
			if (refused(s)) return s;
			const invalid = new Validator(ctx.body)
				.check('root', 'sometimes|nullable|string')
				.check('name', 'required|string')
				.answer();
			if (invalid) return invalid;
			const b = ctx.body as { root?: string | null; name: string };
			const path = resolvePath(`${b.root ?? '/'}/${b.name}`);
			if (path === null || path === '') return missing();
			if (
				s.wings.files.get(path)?.kind === 'file' ||
				!ensureFolders(s.wings.files, path, ctx.state.now())
			)
				return wings(400, 'Part of the path being created is not a directory (ENOTDIR).');
			return noContent();
		},
	],
	[
		'GET',
		route('/download'),
		(ctx) => {
			const found = target(ctx, 'file');
			if ('status' in found) return found;
			const url = ctx.state.sign({ kind: 'file', server: found.s.uuid, path: found.path });
			return ok({ object: 'signed_url', attributes: { url } });
		},
	],
	[
		'GET',
		route('/upload'),
		(ctx) => {
			const s = usableServer(ctx.state, ctx.params[0]!);
			if (refused(s)) return s;
			return ok({
				object: 'signed_url',
				attributes: { url: ctx.state.sign({ kind: 'upload', server: s.uuid }) },
			});
		},
	],
];

/** MkdirAll: false when a part of the path is a file. */
export function ensureFolders(tree: FakeTree, path: string, now: number): boolean {
	const parts = path.split('/');
	for (let i = 1; i <= parts.length; i++) {
		const key = parts.slice(0, i).join('/');
		const existing = tree.get(key);
		if (existing?.kind === 'file') return false;
		if (!existing) tree.set(key, { kind: 'folder', data: Buffer.alloc(0), modified: now });
	}
	return true;
}
