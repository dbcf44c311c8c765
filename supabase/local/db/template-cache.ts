import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { BOOTSTRAP_SQL } from './bootstrap.ts';

// A freshly bootstrapped cluster, kept as a tarball so in-memory stacks (tests, the benchmark) skip
// initdb. The key covers everything that shapes the cluster, so a change to the bootstrap SQL or a
// PGlite upgrade simply produces a new file instead of reusing a stale one.

// The package's exports map hides package.json, so find it next to the resolved entry point.
const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
const pgliteManifest = readFileSync(join(dirname(pgliteEntry), '..', 'package.json'), 'utf8');
const key = createHash('sha256')
	.update(pgliteManifest)
	.update(BOOTSTRAP_SQL)
	.digest('hex')
	.slice(0, 16);
const templatePath = join(tmpdir(), `supabase-local-template-${key}.tar`);

let inProcess: Blob | undefined;

export async function loadTemplate(): Promise<Blob | undefined> {
	if (inProcess) return inProcess;
	try {
		inProcess = new Blob([await readFile(templatePath)]);
		return inProcess;
	} catch {
		return undefined;
	}
}

export async function saveTemplate(tarball: Blob): Promise<void> {
	inProcess = tarball;
	// Several test workers may race to write it: write aside, then rename atomically.
	const partial = `${templatePath}.${process.pid}.${Date.now()}.partial`;
	try {
		await writeFile(partial, new Uint8Array(await tarball.arrayBuffer()));
		await rename(partial, templatePath);
	} catch {
		// A cache miss next time is harmless.
	}
}
