import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './database.ts';

// Applies supabase/migrations/*.sql in filename order, each in its own transaction and recorded in
// supabase_migrations.schema_migrations as the Supabase CLI records them, so a restart applies only
// files added since. A failing file stops the start with the file name and Postgres' own message.

export class MigrationError extends Error {
	constructor(file: string, cause: unknown, sql?: string) {
		const reason = cause instanceof Error ? cause.message : String(cause);
		// Postgres reports a character offset; a line number is what a person can find.
		const position = Number((cause as { position?: string }).position);
		const line = sql && position > 0 ? ` at line ${sql.slice(0, position).split('\n').length}` : '';
		super(`migration ${file} failed${line}: ${reason}`, { cause });
		this.name = 'MigrationError';
	}
}

/** `20240101120000_create_notes.sql` → version `20240101120000`, name `create_notes`. */
export function parseMigrationFileName(file: string): { version: string; name: string } {
	const base = file.replace(/\.sql$/, '');
	const separator = base.indexOf('_');
	if (separator === -1) return { version: base, name: '' };
	return { version: base.slice(0, separator), name: base.slice(separator + 1) };
}

async function listSqlFiles(dir: string): Promise<string[]> {
	try {
		const entries = await readdir(dir, { withFileTypes: true });
		return entries
			.filter((entry) => entry.isFile() && entry.name.endsWith('.sql'))
			.map((entry) => entry.name)
			.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
	} catch (error) {
		// A project without migrations yet is a normal state, not an error.
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
		throw error;
	}
}

export async function applyMigrations(db: Database, dir: string): Promise<string[]> {
	const files = await listSqlFiles(dir);
	if (files.length === 0) return [];
	const applied = new Set(
		await db.transaction(async (tx) => {
			const { rows } = await tx.query<{ version: string }>(
				'select version from supabase_migrations.schema_migrations',
			);
			return rows.map((row) => row.version);
		}),
	);
	const newlyApplied: string[] = [];
	for (const file of files) {
		const { version, name } = parseMigrationFileName(file);
		if (applied.has(version)) continue;
		const sql = await readFile(join(dir, file), 'utf8');
		try {
			await db.transaction(async (tx) => {
				await tx.exec(sql);
				// Dumps often SET search_path or role at session level; don't let that leak into requests.
				await tx.exec('reset all');
				await tx.query(
					'insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)',
					[version, [sql], name],
				);
			});
		} catch (error) {
			throw new MigrationError(file, error, sql);
		}
		newlyApplied.push(file);
	}
	return newlyApplied;
}

/** Runs the seed file once, on a database this start created. Returns whether it ran. */
export async function runSeed(db: Database, seedFile: string): Promise<boolean> {
	let sql: string;
	try {
		sql = await readFile(seedFile, 'utf8');
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
		throw error;
	}
	const hash = createHash('sha256').update(sql).digest('hex');
	try {
		await db.transaction(async (tx) => {
			await tx.exec(sql);
			await tx.exec('reset all');
			await tx.query(
				'insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict (path) do update set hash = excluded.hash',
				[seedFile, hash],
			);
		});
	} catch (error) {
		throw new MigrationError(seedFile, error, sql);
	}
	return true;
}
