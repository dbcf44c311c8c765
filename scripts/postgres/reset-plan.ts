// How `npm run db:reset` empties the database at DATABASE_URL: dropped and created again when its
// user may (the quickest and the most thorough), else by dropping what the local stack made in it.

/** What the server says about the user and the database at DATABASE_URL. */
export interface ResetFacts {
	database: string;
	user: string;
	superuser: boolean;
	createDb: boolean;
	/** The database's owner. */
	owner: string;
}

/** Databases a cluster needs: the maintenance database and the templates are never dropped. */
const KEPT_DATABASES = ['postgres', 'template0', 'template1'];

/**
 * Whether the user may drop and create the database: a superuser, or its owner with CREATEDB (who
 * may also end its own sessions, which `with (force)` does).
 */
export function mayRecreate(facts: ResetFacts): boolean {
	if (KEPT_DATABASES.includes(facts.database)) return false;
	return facts.superuser || (facts.owner === facts.user && facts.createDb);
}

/** Why the schemas are dropped one by one instead, for the operator. */
export function whyNotRecreated(facts: ResetFacts): string {
	if (KEPT_DATABASES.includes(facts.database))
		return `${facts.database} is one of the databases a cluster keeps`;
	if (facts.owner !== facts.user) return `${facts.user} does not own ${facts.database}`;
	return `${facts.user} may not create databases (CREATEDB)`;
}

/** The same server and user, on the maintenance database `postgres` (one cannot drop the database one is in). */
export function maintenanceUrl(url: string): string {
	const parsed = new URL(url);
	parsed.pathname = '/postgres';
	return parsed.toString();
}

/** Who owns what the stack makes: its user, and the roles bootstrap.sql gives `auth` and its tables. */
export const stackOwners = (user: string) => [user, 'supabase_admin', 'supabase_auth_admin'];

/**
 * The schemas to drop: every one but `public` (emptied instead, as its owner may be another role)
 * and the server's own, owned by the user (the bootstrap's extensions and supabase_migrations, the
 * migrations' own) or by the stack's roles. A schema someone else made in the database is left.
 */
export function stackSchemas(schemas: { name: string; owner: string }[], user: string): string[] {
	const system = (name: string) => name === 'information_schema' || name.startsWith('pg_');
	return schemas
		.filter(({ name }) => name !== 'public' && !system(name))
		.filter(({ owner }) => stackOwners(user).includes(owner))
		.map(({ name }) => name)
		.sort();
}

/** "3 tables, 1 view" from counts by kind, most first; kinds with none are left out. */
export function countsInWords(counts: Record<string, number>): string {
	return Object.entries(counts)
		.filter(([, n]) => n > 0)
		.sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
		.map(([kind, n]) => `${n} ${kind}${n === 1 ? '' : 's'}`)
		.join(', ');
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** ResetFacts from the server's row, refused when a column is not what the query selects. */
export function parseFacts(row: Record<string, unknown> | undefined): ResetFacts {
	const { database, user, superuser, createDb, owner } = row ?? {};
	if (!isText(database) || !isText(user) || !isText(owner))
		throw new Error('The server did not say which database and user DATABASE_URL names.');
	if (typeof superuser !== 'boolean' || typeof createDb !== 'boolean')
		throw new Error(`The server did not say what ${user} may do.`);
	return { database, user, superuser, createDb, owner };
}

/** A list of text the server returned (statements, names), refused when it is anything else. */
export function parseTexts(value: unknown): string[] {
	if (!Array.isArray(value) || !value.every(isText))
		throw new Error('The server returned something other than a list of names.');
	return value;
}
