/**
 * `node scripts/sql-functions.ts`: where each SQL function of the `public` and `private` schemas
 * lives now. It reads `supabase/migrations/*.sql` in the order they run and follows every
 * `create [or replace] function` and `drop function`: the migration that last created a function
 * holds its current definition, the earlier ones are history. Its output is pasted into
 * supabase/migrations/README.md between `<!-- sql-functions:start -->` and
 * `<!-- sql-functions:end -->`; tests/integration/data-model/sql-functions.test.ts fails when the
 * two differ, or when the list is not the functions the migrations really build.
 *
 * Functions are told apart by schema and name: the project has no overloads (the test checks it
 * against the database), and a changed signature is a drop and a create. The table is printed the
 * way Prettier formats markdown, so `npm run format` leaves the pasted text as it is.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../supabase/migrations/', import.meta.url));

export interface SqlFunction {
	/** `schema.name` */
	name: string;
	/** The migration file holding the current definition. */
	current: string;
	/** Earlier migrations that created it (copies now replaced), oldest first. */
	earlier: string[];
}

// At the start of a line, as every migration writes its statements; names in comments or in
// strings further along a line do not count.
const created = /^\s*create\s+(?:or\s+replace\s+)?function\s+(public|private)\.(\w+)\s*\(/gim;
const dropped = /^\s*drop\s+function\s+(?:if\s+exists\s+)?(public|private)\.(\w+)\s*\(/gim;

/** Line comments out, so a commented-out statement is not read as one. */
const withoutComments = (sql: string) => sql.replace(/--.*$/gm, '');

/** Every function the migrations leave behind, by schema and then name. */
export function sqlFunctions(dir = MIGRATIONS_DIR): SqlFunction[] {
	const files = readdirSync(dir)
		.filter((file) => file.endsWith('.sql'))
		.sort();
	const history = new Map<string, string[]>();
	const live = new Set<string>();
	for (const file of files) {
		const sql = withoutComments(readFileSync(join(dir, file), 'utf8'));
		const events = [
			...[...sql.matchAll(created)].map((m) => ({ at: m.index, create: true, m })),
			...[...sql.matchAll(dropped)].map((m) => ({ at: m.index, create: false, m })),
		].sort((a, b) => a.at - b.at);
		for (const { create, m } of events) {
			const name = `${m[1]!.toLowerCase()}.${m[2]!.toLowerCase()}`;
			if (create) {
				history.set(name, [...(history.get(name) ?? []), file]);
				live.add(name);
			} else live.delete(name);
		}
	}
	return [...live]
		.map((name) => {
			const homes = history.get(name)!;
			const current = homes.at(-1)!;
			return {
				name,
				current,
				earlier: [...new Set(homes)].filter((file) => file !== current),
			};
		})
		.sort((a, b) => a.name.localeCompare(b.name));
}

const width = (text: string) => [...text].length;

function table(rows: string[][]): string {
	const header = rows[0]!;
	const widths = header.map((_, i) => Math.max(3, ...rows.map((row) => width(row[i]!))));
	const line = (row: string[]) =>
		`| ${row.map((cell, i) => cell + ' '.repeat(widths[i]! - width(cell))).join(' | ')} |`;
	return [
		line(header),
		`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
		...rows.slice(1).map(line),
	].join('\n');
}

/** The markdown table: function, the migration that holds it, how many earlier ones did. */
export function sqlFunctionsTable(functions = sqlFunctions()): string {
	const code = (text: string) => `\`${text}\``;
	return table([
		['Function', 'Current definition', 'Earlier definitions'],
		...functions.map((f) => [
			code(f.name),
			code(f.current),
			f.earlier.length === 0 ? '—' : String(f.earlier.length),
		]),
	]);
}

if (import.meta.main) console.log(sqlFunctionsTable());
