import { parseError } from './errors.ts';
import { Cursor, ParseFailure, parseField } from './parse-field.ts';
import { parseOpExprAt } from './parse-filter.ts';
import type { EmbedPath, LogicTree } from './types.ts';

// Logic trees: `or=(a.eq.1,and(b.gt.2,c.lt.3))`, `not.and=(…)`, `roles.or=(…)` for an embed. Each leaf
// is `field.[not.]op.value`; a leaf is tried first and, failing that, a nested and()/or().

function parseTree(cursor: Cursor): LogicTree {
	const start = cursor.pos;
	try {
		const field = parseField(cursor);
		cursor.expect('.', 'delimiter (.)');
		return { kind: 'filter', filter: { field, expr: parseOpExprAt(cursor, 'logic') } };
	} catch (error) {
		if (!(error instanceof ParseFailure)) throw error;
		cursor.pos = start;
	}
	const negated = cursor.eat('not.');
	let op: 'and' | 'or';
	if (cursor.eat('and')) op = 'and';
	else if (cursor.eat('or')) op = 'or';
	else cursor.fail('logic operator (and, or)');
	cursor.skipSpaces();
	cursor.expect('(');
	const children: LogicTree[] = [];
	do {
		cursor.skipSpaces();
		children.push(parseTree(cursor));
		cursor.skipSpaces();
	} while (cursor.eat(','));
	cursor.expect(')', '")" or ","');
	return { kind: 'expr', negated, op, children };
}

/** `key` is e.g. `or`, `not.and`, `roles.or`; `value` the parenthesised list. */
export function parseLogicParam(key: string, value: string): { path: EmbedPath; tree: LogicTree } {
	const names = key.split('.');
	const op = names.pop() as string;
	const negated = names.includes('not');
	const path = names.filter((name) => name !== 'not');
	const text = `${negated ? 'not.' : ''}${op}${value}`;
	const cursor = new Cursor(text);
	try {
		const tree = parseTree(cursor);
		if (tree.kind !== 'expr') cursor.fail('logic operator (and, or)');
		return { path, tree };
	} catch (error) {
		if (error instanceof ParseFailure)
			throw parseError('logic tree', value, error.column, error.message);
		throw error;
	}
}
