import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { filesUnder, importsOf, readSource } from './imports.ts';

/**
 * The rule dependency-cruiser cannot state, because it is about folders, not files: no two folders
 * of `src/server` import each other. A pair that does is one module split in two places: neither
 * can be read, changed or tested without the other, and it drags every folder either imports into
 * one knot (issue 40 found 16 pairs and a knot of 20 of 33 folders). Tests are left out, as in
 * dependency-cruiser's cycle rule: nothing imports them.
 */

const server = 'src/server/';
const isSource = (name: string) =>
	/\.tsx?$/.test(name) && !/\.test(-helper)?\.tsx?$|\.test\./.test(name);

/** Folder → the folders it imports, each with the first file and import that does it. */
export function serverFolderEdges(root: string): Map<string, Map<string, string>> {
	const folders = new Set(
		readdirSync(join(root, server), { withFileTypes: true })
			.filter((entry) => entry.isDirectory())
			.map((entry) => entry.name),
	);
	/** Which folder of src/server a repository path is in, if any. */
	const folderOf = (path: string) => {
		const name = path.startsWith(server) ? path.slice(server.length).split('/')[0] : undefined;
		return name && folders.has(name) ? name : undefined;
	};
	const edges = new Map<string, Map<string, string>>();
	for (const file of filesUnder(root, 'src/server', isSource)) {
		const from = folderOf(file);
		if (!from) continue; // a file directly in src/server
		for (const { spec, target } of importsOf(root, file, readSource(root, file))) {
			const to = folderOf(target);
			if (!to || to === from) continue;
			const out = edges.get(from) ?? new Map<string, string>();
			if (!out.has(to)) out.set(to, `${file} imports '${spec}'`);
			edges.set(from, out);
		}
	}
	return edges;
}

/** Each pair of folders that import each other, with where each side does it. */
export function mutualFolders(root: string): string[] {
	const edges = serverFolderEdges(root);
	const problems: string[] = [];
	for (const [a, out] of edges)
		for (const [b, why] of out)
			if (a < b && edges.get(b)?.has(a))
				problems.push(
					`src/server/${a} and src/server/${b} import each other: ${why}; ${edges.get(b)!.get(a)}`,
				);
	return problems.sort();
}
