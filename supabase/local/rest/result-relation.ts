import type { Routine } from './schema-types.ts';

// The relation an RPC's rows are read as: PostgREST plans a function returning rows of a table (or a
// single row of one) as that table (Plan.hs callReadPlan, `funcTableName`), so the result embeds along
// the table's relationships. Anything else keeps the function's own name and has no relationships.

const IDENTIFIER = String.raw`"(?:[^"]|"")+"|[^".]+`;
const QUALIFIED = new RegExp(`^(?:(?:${IDENTIFIER})\\.)?(${IDENTIFIER})$`);

function unquote(identifier: string): string {
	return identifier.startsWith('"') ? identifier.slice(1, -1).replaceAll('""', '"') : identifier;
}

/** The type's own name (format_type quotes and qualifies it); PostgREST takes the function's schema. */
export function resultRelation(routine: Routine): string {
	if (routine.returns !== 'composite') return routine.name;
	const match = QUALIFIED.exec(routine.returnType);
	return match?.[1] ? unquote(match[1]) : routine.name;
}
