import type { Field } from './types.ts';

// Building SQL safely: identifiers are quoted (and, before that, checked against the schema cache by
// the planner); every value from the request becomes a numbered parameter, never part of the text.

export class SqlParams {
	readonly values: unknown[] = [];

	/** Adds a value and returns its placeholder, e.g. `$3`. */
	add(value: unknown): string {
		this.values.push(value);
		return `$${this.values.length}`;
	}
}

export function quoteIdent(name: string): string {
	return `"${name.replaceAll('\0', '').replaceAll('"', '""')}"`;
}

export const PUBLIC = quoteIdent('public');

export function qualified(table: string): string {
	return `${PUBLIC}.${quoteIdent(table)}`;
}

/** `"alias"."column"` plus its JSON path; keys and indexes are parameters. */
export function fieldSql(params: SqlParams, alias: string, field: Field): string {
	let sql = `${alias}.${quoteIdent(field.name)}`;
	for (const step of field.jsonPath) {
		sql += step.index
			? `${step.arrow}${params.add(Number(step.key))}::int`
			: `${step.arrow}${params.add(step.key)}::text`;
	}
	return sql;
}

/** Builds a Postgres array literal from text values; it travels as one parameter. */
export function arrayLiteral(values: string[]): string {
	const escaped = values.map(
		(value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`,
	);
	return `{${escaped.join(',')}}`;
}
