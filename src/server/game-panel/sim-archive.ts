import { createHash } from 'node:crypto';
import { createReadStream, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { create, extract } from 'tar';

// A simulated backup is what Wings makes: a `.tar.gz` of the server's whole folder, its size and
// the sha1 of the archive (`sha1:<hex>`). Restoring extracts it over the folder, after emptying
// the folder when asked to (`truncate`).

export interface Archive {
	bytes: number;
	checksum: string;
}

async function sha1(file: string): Promise<string> {
	const hash = createHash('sha1');
	for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
	return hash.digest('hex');
}

/** Archives `root` into `file` (written aside and renamed by tar's own temp handling). */
export async function archiveFolder(root: string, file: string): Promise<Archive> {
	mkdirSync(dirname(file), { recursive: true });
	// `portable` leaves out owners and modes of this machine; links are stored as links.
	await create({ gzip: true, file, cwd: root, portable: true }, readdirSync(root));
	return { bytes: statSync(file).size, checksum: `sha1:${await sha1(file)}` };
}

/** Extracts the archive over `root`; with `truncate`, everything in it is deleted first. */
export async function restoreFolder(file: string, root: string, truncate: boolean): Promise<void> {
	if (truncate)
		for (const name of readdirSync(root))
			rmSync(join(root, name), { recursive: true, force: true });
	mkdirSync(root, { recursive: true });
	// tar refuses entries with `..` or absolute paths, and links that would lead extraction out.
	await extract({ file, cwd: root, preservePaths: false });
}
