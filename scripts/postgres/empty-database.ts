import pg from 'pg';
import {
	countsInWords,
	maintenanceUrl,
	mayRecreate,
	parseFacts,
	parseTexts,
	stackOwners,
	stackSchemas,
	whyNotRecreated,
	type ResetFacts,
} from './reset-plan.ts';
import { FACTS_SQL, GRANTS_SQL, PUBLIC_SQL, SCHEMAS_SQL } from './reset-sql.ts';

// `npm run db:reset` with DATABASE_URL: the database emptied so that the next `npm start` prepares
// it afresh (roles stay: they belong to the whole server, and roles.sql keeps those it finds).

async function connected(url: string): Promise<pg.Client> {
	const client = new pg.Client({ connectionString: url });
	await client.connect();
	return client;
}

async function recreate(admin: pg.Client, facts: ResetFacts): Promise<string> {
	const { rows } = await admin.query<Record<string, unknown>>(GRANTS_SQL, [facts.database]);
	const grants = rows[0]?.custom === true ? parseTexts(rows[0].grants) : [];
	const name = admin.escapeIdentifier(facts.database);
	await admin.query(`drop database ${name} with (force)`);
	try {
		await admin.query(`create database ${name} owner ${admin.escapeIdentifier(facts.owner)}`);
		if (grants.length > 0) await admin.query(`revoke all on database ${name} from public`);
		for (const grant of grants) await admin.query(grant);
	} catch (error) {
		throw new Error(`${facts.database} was dropped but not created again`, { cause: error });
	}
	return `Dropped the database ${facts.database} and created it again (owner ${facts.owner}).`;
}

async function dropStackObjects(client: pg.Client, facts: ResetFacts): Promise<string> {
	const listed = (await client.query<Record<string, unknown>>(SCHEMAS_SQL)).rows[0];
	const owners = parseTexts(listed?.owners);
	const all = parseTexts(listed?.names).map((name, i) => ({ name, owner: owners[i] ?? '' }));
	const schemas = stackSchemas(all, facts.user);
	await client.query('begin');
	for (const schema of schemas)
		await client.query(`drop schema ${client.escapeIdentifier(schema)} cascade`);
	const found = (await client.query<Record<string, unknown>>(PUBLIC_SQL, [stackOwners(facts.user)]))
		.rows[0];
	const kinds = found?.kinds === null ? [] : parseTexts(found?.kinds);
	const statements = found?.statements === null ? [] : parseTexts(found?.statements);
	for (const statement of statements) await client.query(statement);
	await client.query('commit');
	const counts: Record<string, number> = {};
	for (const kind of kinds) counts[kind] = (counts[kind] ?? 0) + 1;
	const emptied =
		kinds.length > 0 ? `emptied public (${countsInWords(counts)})` : 'public was empty';
	const dropped =
		schemas.length > 0 ? `dropped the schemas ${schemas.join(', ')}` : 'no schema to drop';
	return `In ${facts.database}: ${dropped}; ${emptied}.`;
}

/** Empties the database at `url`; says what it did, in a line or two for the operator. */
export async function emptyDatabase(url: string): Promise<string> {
	let client = await connected(url);
	const facts = await client
		.query<Record<string, unknown>>(FACTS_SQL)
		.then(({ rows }) => parseFacts(rows[0]))
		.finally(() => client.end());
	let why: string;
	if (mayRecreate(facts)) {
		// One cannot drop the database one is connected to: the maintenance database does it.
		const admin = await connected(maintenanceUrl(url)).catch((error: Error) => error);
		if (!(admin instanceof Error)) return recreate(admin, facts).finally(() => admin.end());
		why = `no connection to the database postgres (${admin.message})`;
	} else why = whyNotRecreated(facts);
	client = await connected(url);
	try {
		return `${await dropStackObjects(client, facts)}\n(Not dropped as a whole: ${why}.)`;
	} finally {
		await client.end();
	}
}
