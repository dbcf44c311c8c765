import pg from 'pg';
import { parse as parseArray } from 'postgres-array';

// node-postgres and PGlite turn the same column text into different JavaScript values. The Auth and
// REST code was written against PGlite's, so the pool is given PGlite's rules where they differ
// (docs/database-engines.md lists each): a bigint is a number while it is a safe integer, a date
// is UTC midnight rather than local midnight, intervals and numerics stay text.

const INT8 = 20;
const INT8_ARRAY = 1016;
const DATE = 1082;
const DATE_ARRAY = 1182;
const INTERVAL = 1186;
const INTERVAL_ARRAY = 1187;
const NUMERIC_ARRAY = 1231;

type Parser = (text: string) => unknown;

/** PGlite's bigint rule: a number while it is exact, a BigInt beyond. */
export function parseInt8(text: string): number | bigint {
	const value = BigInt(text);
	return value < Number.MIN_SAFE_INTEGER || value > Number.MAX_SAFE_INTEGER ? value : Number(value);
}

const dateOf = (text: string) =>
	text === 'infinity' ? Infinity : text === '-infinity' ? -Infinity : new Date(text);

const arrayOf =
	(element: Parser): Parser =>
	(text) =>
		parseArray(text, element);

const asText: Parser = (text) => text;

const OVERRIDES = new Map<number, Parser>([
	[INT8, parseInt8],
	[INT8_ARRAY, arrayOf(parseInt8)],
	[DATE, dateOf],
	[DATE_ARRAY, arrayOf(dateOf)],
	[INTERVAL, asText],
	[INTERVAL_ARRAY, arrayOf(asText)],
	[NUMERIC_ARRAY, arrayOf(asText)],
]);

/** The `types` option of a pg Pool: PGlite's parsers where they differ, node-postgres' elsewhere. */
export const pgliteCompatibleTypes = {
	getTypeParser(oid: number, format?: 'text' | 'binary'): Parser {
		if (format !== 'binary') {
			const override = OVERRIDES.get(oid);
			if (override) return override;
		}
		return pg.types.getTypeParser(oid, format ?? 'text') as Parser;
	},
};
