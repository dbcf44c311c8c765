import { parseError } from './errors.ts';
import {
	Cursor,
	ParseFailure,
	parseFieldName,
	parseIdentifier,
	parseJsonPath,
} from './parse-field.ts';
import type { AggregateFunction, SelectItem } from './types.ts';

// select=alias:col->json::cast, *, alias:relation!hint!inner(...), ...spread(...), col.sum(), count()

function parseEmbedParams(cursor: Cursor): { hint?: string; joinType?: 'inner' | 'left' } {
	const params: { hint?: string; joinType?: 'inner' | 'left' } = {};
	for (let i = 0; i < 2 && cursor.eat('!'); i += 1) {
		const word = parseFieldName(cursor);
		if (word === 'inner' || word === 'left') params.joinType = word;
		else params.hint = word;
	}
	return params;
}

function parseChildren(cursor: Cursor): SelectItem[] {
	cursor.expect('(');
	cursor.skipSpaces();
	const children = cursor.peek() === ')' ? [] : parseForest(cursor);
	cursor.expect(')', '")" or ","');
	return children;
}

const AGGREGATES: readonly AggregateFunction[] = ['sum', 'avg', 'count', 'max', 'min'];

/** `.sum()` and the others after a field, as QueryParams.hs pFieldSelect reads them. */
function parseAggregate(cursor: Cursor): AggregateFunction | undefined {
	if (cursor.peek() !== '.') return undefined;
	const start = cursor.pos;
	cursor.pos += 1;
	const found = AGGREGATES.find((name) => cursor.eat(`${name}()`));
	if (found) return found;
	cursor.pos = start;
	return undefined;
}

/** `::type` after an aggregate: parsed, unused, as aggregates are refused anyway (PGRST123). */
function skipCast(cursor: Cursor): void {
	if (cursor.eat('::')) parseIdentifier(cursor);
}

function parseItem(cursor: Cursor): SelectItem {
	cursor.skipSpaces();
	if (cursor.eat('...')) {
		const relation = parseFieldName(cursor);
		const params = parseEmbedParams(cursor);
		return { kind: 'embed', relation, spread: true, ...params, children: parseChildren(cursor) };
	}
	if (cursor.eat('*')) {
		cursor.skipSpaces();
		return { kind: 'star' };
	}
	let alias: string | undefined;
	let name = parseFieldName(cursor);
	if (cursor.peek() === ':' && cursor.peek(2) !== '::') {
		cursor.pos += 1;
		alias = name;
		name = parseFieldName(cursor);
	}
	const withAlias = alias !== undefined ? { alias } : {};
	// `count()` counts rows; a relation is never called "count" (pRelationSelect's guard).
	if (name === 'count' && cursor.eat('()')) {
		skipCast(cursor);
		endOfItem(cursor, '")", "," or end of input');
		return { kind: 'column', field: { name: '*', jsonPath: [] }, ...withAlias, aggregate: 'count' };
	}
	if (name !== 'count' && (cursor.peek() === '!' || cursor.peek() === '(')) {
		const params = parseEmbedParams(cursor);
		return {
			kind: 'embed',
			relation: name,
			...withAlias,
			spread: false,
			...params,
			children: parseChildren(cursor),
		};
	}
	const jsonPath = parseJsonPath(cursor);
	let cast: string | undefined;
	if (cursor.eat('::')) cast = parseIdentifier(cursor);
	const aggregate = parseAggregate(cursor);
	if (aggregate) skipCast(cursor);
	endOfItem(cursor, 'letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input');
	return {
		kind: 'column',
		field: { name, jsonPath },
		...withAlias,
		...(cast ? { cast } : {}),
		...(aggregate ? { aggregate } : {}),
	};
}

function endOfItem(cursor: Cursor, expecting: string): void {
	cursor.skipSpaces();
	if (!cursor.done && cursor.peek() !== ',' && cursor.peek() !== ')') cursor.fail(expecting);
}

function parseForest(cursor: Cursor): SelectItem[] {
	const items = [parseItem(cursor)];
	for (;;) {
		cursor.skipSpaces();
		if (!cursor.eat(',')) return items;
		items.push(parseItem(cursor));
	}
}

export function parseSelect(value: string): SelectItem[] {
	const cursor = new Cursor(value);
	try {
		const items = parseForest(cursor);
		if (!cursor.done) cursor.fail('"," or end of input');
		return items;
	} catch (error) {
		if (error instanceof ParseFailure)
			throw parseError('select parameter', value, error.column, error.message);
		throw error;
	}
}
