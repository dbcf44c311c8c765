import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { moddatetime } from '@electric-sql/pglite/contrib/moddatetime';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { SerialQueue } from './serial-queue.ts';
import { bootstrapDatabase, isBootstrapped, upgradeAuthSchema } from './bootstrap.ts';
import { loadTemplate, saveTemplate } from './template-cache.ts';
import type { OpenedDatabase } from './types.ts';

// Extensions a hosted project offers that migrations commonly enable. pgcrypto and uuid-ossp are
// pre-installed in the `extensions` schema by the bootstrap, as on a hosted project; the others can
// be enabled by a migration with `create extension`.
const EXTENSIONS = { pgcrypto, uuid_ossp, citext, pg_trgm, moddatetime };
export const EXTENSION_NAMES = Object.keys(EXTENSIONS);

/** PGlite in this process: in memory, or in `dataDir` when one is given. */
export async function openPglite(dataDir: string | undefined): Promise<OpenedDatabase> {
	const { pg, created } = dataDir === undefined ? await openInMemory() : await openOnDisk(dataDir);
	const queue = new SerialQueue();
	let closed = false;
	const db: OpenedDatabase['db'] = {
		engine: 'pglite',
		transaction: (work) => queue.run(() => pg.transaction(work)),
		// One process, one connection: nothing else can migrate this database meanwhile.
		migrating: (work) => work(),
		async close() {
			if (closed) return;
			closed = true;
			await queue.drain();
			await pg.close();
		},
	};
	return { db, created };
}

async function openOnDisk(dataDir: string): Promise<{ pg: PGlite; created: boolean }> {
	// A path without a scheme makes PGlite use its Node filesystem backend: Postgres writes its
	// files and WAL straight into dataDir, so committed work survives a kill and is replayed on open.
	const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
	const loadDataDir = fresh ? await bootstrappedTemplate() : undefined;
	const pg = await PGlite.create({
		dataDir,
		extensions: EXTENSIONS,
		...(loadDataDir ? { loadDataDir } : {}),
	});
	if (!fresh && (await isBootstrapped(pg))) {
		await upgradeAuthSchema(pg);
		return { pg, created: false };
	}
	if (!(await isBootstrapped(pg))) await bootstrapDatabase(pg);
	return { pg, created: true };
}

async function openInMemory(): Promise<{ pg: PGlite; created: boolean }> {
	const pg = await PGlite.create({
		extensions: EXTENSIONS,
		loadDataDir: await bootstrappedTemplate(),
	});
	if (!(await isBootstrapped(pg))) await bootstrapDatabase(pg);
	return { pg, created: true };
}

/**
 * initdb plus the bootstrap costs seconds; tests start many stacks, so a bootstrapped cluster is kept
 * as a tarball (in memory and in the OS temp folder) and new databases start from a copy of it.
 */
async function bootstrappedTemplate(): Promise<Blob> {
	const cached = await loadTemplate();
	if (cached) return cached;
	const pg = await PGlite.create({ extensions: EXTENSIONS });
	await bootstrapDatabase(pg);
	const tarball = await pg.dumpDataDir('none');
	await pg.close();
	await saveTemplate(tarball);
	return tarball;
}
