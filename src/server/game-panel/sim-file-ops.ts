import { basename } from 'node:path';
import type { SimContext } from './sim-context';
import {
	deletePaths,
	existingFile,
	existingFolder,
	listFolder,
	makeFolder,
	readText,
	renamePath,
	writeText,
} from './sim-files';
import { issueLink } from './sim-links';
import { customerPath } from './sim-paths';
import type { GamePanel } from './types';

// The simulated panel's file methods: the server's own folder, gated like the panel's client
// routes (409 while installing, suspended or restoring), downloads and uploads through the site's
// one-time links (sim-links.ts).

type FileMethods = Pick<
	GamePanel,
	| 'listFiles'
	| 'readFile'
	| 'writeFile'
	| 'renameFile'
	| 'deleteFiles'
	| 'createFolder'
	| 'fileDownload'
	| 'fileUpload'
>;

/* eslint-disable @typescript-eslint/require-await -- async like the port: a refusal arrives as a
   rejection, as it does from the real panel. */

export function simFileMethods(context: SimContext): FileMethods {
	const { dirs } = context;
	const origin = context.config.linkOrigin ?? '';
	return {
		async listFiles(ref, dir) {
			return listFolder(context.usable(ref).root, dir);
		},
		async readFile(ref, path) {
			return readText(context.usable(ref).root, path);
		},
		async writeFile(ref, path, text) {
			writeText(context.usable(ref).root, path, text);
		},
		async renameFile(ref, from, to) {
			renamePath(context.usable(ref).root, from, to);
		},
		async deleteFiles(ref, paths) {
			deletePaths(context.usable(ref).root, paths);
		},
		async createFolder(ref, path) {
			makeFolder(context.usable(ref).root, path);
		},
		async fileDownload(ref, path) {
			const { root, at } = context.usable(ref);
			const file = existingFile(root, path);
			return issueLink(
				dirs.links,
				origin,
				{ kind: 'download', path: file, filename: basename(file) },
				at,
			);
		},
		async fileUpload(ref, dir) {
			const { root, at } = context.usable(ref);
			const folder = customerPath(root, existingFolder(root, dir));
			return issueLink(dirs.links, origin, { kind: 'upload', root, dir: folder }, at);
		},
	};
}
