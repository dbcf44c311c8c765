import type pg from 'pg';
import { redactedUrl } from './redacted-url.ts';

// Before the stack prepares an empty PostgreSQL database it asks the server whether the user it
// connects as may do all of it, and names everything missing at once instead of failing on the
// first `create role` half way through the bootstrap.

const MIN_VERSION = 150000;
const ROLES = [
	'supabase_admin',
	'anon',
	'authenticated',
	'service_role',
	'authenticator',
	'supabase_auth_admin',
	'postgres',
];
const EXTENSIONS = ['pgcrypto', 'uuid-ossp', 'citext', 'pg_trgm', 'moddatetime'];

interface Facts {
	version: number;
	user: string;
	database: string;
	superuser: boolean;
	createRole: boolean;
	createSchema: boolean;
	missingRoles: string[];
	missingExtensions: string[];
	/** Existing roles the user must act as (set role) but is not a member of. */
	notMemberOf: string[];
	createInPublic: boolean;
}

const FACTS_SQL = `
	select current_setting('server_version_num')::int as version, current_user as user,
		current_database() as database, r.rolsuper as superuser, r.rolcreaterole as "createRole",
		has_database_privilege(current_database(), 'CREATE') as "createSchema",
		array(select w.n from unnest($1::text[]) as w (n)
			where not exists (select 1 from pg_roles where rolname = w.n)) as "missingRoles",
		array(select w.n from unnest($2::text[]) as w (n)
			where not exists (select 1 from pg_available_extensions a where a.name = w.n)) as "missingExtensions",
		array(select w.n from unnest($1::text[]) as w (n)
			-- The roles the stack sets (authenticator only logs in, as PostgREST's pool user would);
			-- pg_has_role fails on a role that does not exist: asked only of those that do.
			where w.n not in ('postgres', 'authenticator') and case when exists (select 1 from pg_roles where rolname = w.n)
				then not pg_has_role(current_user, w.n, 'member') else false end) as "notMemberOf",
		has_schema_privilege('public', 'CREATE') as "createInPublic"
	from pg_roles r where r.rolname = current_user`;

/** Every reason the connected user cannot prepare this database, in words an operator can act on. */
export function whatIsMissing(facts: Facts): string[] {
	const problems: string[] = [];
	if (facts.version < MIN_VERSION)
		problems.push(`PostgreSQL 15 or newer is needed; this server is ${facts.version}.`);
	// BYPASSRLS (supabase_admin, service_role) may only be given by a superuser.
	if (facts.missingRoles.length > 0 && !facts.superuser)
		problems.push(
			`The roles ${facts.missingRoles.join(', ')} do not exist and ${facts.user} may not create them ` +
				'(service_role and supabase_admin bypass row-level security, which only a superuser can grant). ' +
				'Connect as a superuser once, or create them as supabase/local/db/roles.sql does.',
		);
	if (!facts.superuser && facts.notMemberOf.length > 0)
		problems.push(
			`${facts.user} is not a member of ${facts.notMemberOf.join(', ')}: the stack acts as each (set role); ` +
				`grant ${facts.notMemberOf.join(', ')} to ${facts.user}.`,
		);
	if (!facts.superuser && !facts.createInPublic)
		problems.push(
			`${facts.user} may not create in schema public (PostgreSQL 15 no longer lets everyone): ` +
				`grant create on schema public to ${facts.user}, or make ${facts.user} the database's owner.`,
		);
	if (!facts.createSchema)
		problems.push(
			`${facts.user} may not create schemas in ${facts.database}: grant create on database ${facts.database} to ${facts.user}.`,
		);
	if (facts.missingExtensions.length > 0)
		problems.push(
			`The server lacks the extensions ${facts.missingExtensions.join(', ')} (PostgreSQL's contrib modules).`,
		);
	return problems;
}

export async function checkPrivileges(pool: pg.Pool): Promise<void> {
	const { rows } = await pool.query<Facts>(FACTS_SQL, [ROLES, EXTENSIONS]);
	const facts = rows[0];
	if (!facts) throw new Error('The database user is not a role of this server.');
	const problems = whatIsMissing(facts);
	if (problems.length > 0)
		throw new Error(
			`The local stack cannot prepare ${facts.database} as ${facts.user}:\n- ${problems.join('\n- ')}`,
		);
}

/** `postgres://user:secret@host:5432/db` shown without its password, with the driver's reason. */
export function describeConnectionError(url: string, error: unknown): string {
	// An unparseable URL is named by the driver's own message below.
	const where = URL.canParse(url) ? redactedUrl(url) : 'DATABASE_URL';
	const reason = error instanceof Error ? error.message : String(error);
	return `Could not connect to PostgreSQL at ${where}: ${reason}`;
}
