import { parseError } from './errors.ts';
import { Cursor, ParseFailure, parseFieldName, parseJsonPath } from './parse-field.ts';
import { parseListValue, parseValue } from './parse-values.ts';
import { FTS_OPERATORS, QUANTIFIABLE, SIMPLE_OPERATORS } from './types.ts';
import type {
	EmbedPath,
	Field,
	FtsOperator,
	IsValue,
	OpExpr,
	Operation,
	SimpleOperator,
} from './types.ts';

// Filters (`col=op.value`) per PostgREST's QueryParams.hs. A top-level filter value is everything
// after the operator; inside a logic tree (parse-logic.ts) a value ends at `,` or `)` unless it is
// "double quoted" or a {curly,array}.

export type ValueMode = 'single' | 'logic';

const IS_VALUES: Record<string, IsValue> = {
	null: 'null',
	not_null: 'not_null',
	true: 'true',
	false: 'false',
	unknown: 'unknown',
};

function parseOperation(cursor: Cursor, mode: ValueMode): Operation {
	if (cursor.eat('in.')) return { kind: 'in', values: parseListValue(cursor) };
	if (cursor.eat('is.')) {
		const word = /^[a-z_]+/i.exec(cursor.text.slice(cursor.pos))?.[0] ?? '';
		const value = IS_VALUES[word.toLowerCase()];
		if (!value) cursor.fail('null or trilean value (unknown, true, false)');
		cursor.pos += word.length;
		return { kind: 'is', value };
	}
	const dot = cursor.text.indexOf('.', cursor.pos);
	if (dot === -1) cursor.fail('operator (eq, gt, ...)');
	const opText = cursor.text.slice(cursor.pos, dot);
	const fts = /^(fts|plfts|phfts|wfts)(?:\(([\p{L}\p{N}_ $]+)\))?$/u.exec(opText);
	if (fts) {
		cursor.pos = dot + 1;
		return {
			kind: 'fts',
			op: fts[1] as FtsOperator,
			config: fts[2]?.trim(),
			value: parseValue(cursor, mode),
		};
	}
	const quantified = /^([a-z]+)(?:\((any|all)\))?$/.exec(opText);
	const name = quantified?.[1] ?? '';
	if (name === 'isdistinct' && !quantified?.[2]) {
		cursor.pos = dot + 1;
		return { kind: 'isdistinct', value: parseValue(cursor, mode) };
	}
	if (
		!quantified ||
		!(name in SIMPLE_OPERATORS) ||
		(quantified[2] && !QUANTIFIABLE.has(name as SimpleOperator))
	) {
		throw new ParseFailure(dot + 2, `unknown single value operator ${opText}`);
	}
	cursor.pos = dot + 1;
	const quantifier = quantified[2] as 'any' | 'all' | undefined;
	return {
		kind: 'simple',
		op: name as SimpleOperator,
		value: parseValue(cursor, mode),
		...(quantifier ? { quantifier } : {}),
	};
}

export function parseOpExprAt(cursor: Cursor, mode: ValueMode): OpExpr {
	const negated = cursor.eat('not.');
	return { negated, operation: parseOperation(cursor, mode) };
}

export function parseOpExpr(value: string): OpExpr {
	const cursor = new Cursor(value);
	try {
		return parseOpExprAt(cursor, 'single');
	} catch (error) {
		if (error instanceof ParseFailure)
			throw parseError('filter', value, error.column, error.message);
		throw error;
	}
}

/** `a.b.col->x` → embed path [a, b] and field col->x. */
export function parseFilterKey(key: string): { path: EmbedPath; field: Field } {
	const cursor = new Cursor(key);
	try {
		const names = [parseFieldName(cursor)];
		while (cursor.eat('.')) names.push(parseFieldName(cursor));
		const jsonPath = parseJsonPath(cursor);
		if (!cursor.done) cursor.fail('"->", "->>" or end of input');
		return {
			path: names.slice(0, -1),
			field: { name: names[names.length - 1] as string, jsonPath },
		};
	} catch (error) {
		if (error instanceof ParseFailure)
			throw parseError('tree path', key, error.column, error.message);
		throw error;
	}
}

export function looksLikeFilterValue(value: string): boolean {
	const head = value.split('.');
	if (head[0] === 'not' && head.length > 1) return true;
	if (head[0] === 'is' || head[0] === 'in') return true;
	const first = head[0] ?? '';
	const bare = first.replace(/\((any|all)\)$/, '');
	if (bare in SIMPLE_OPERATORS || first === 'isdistinct' || first in FTS_OPERATORS) return true;
	const paren = value.split('(');
	return paren.length > 1 && (paren[0] ?? '') in FTS_OPERATORS;
}
