import { parseError } from './errors.ts';
import { Cursor, ParseFailure, parseField, parseFieldName } from './parse-field.ts';
import type { OrderTerm } from './types.ts';

// order=col.desc.nullslast,relation(col).asc — and the plain column lists of columns= / on_conflict=.

function parseModifiers(cursor: Cursor, term: OrderTerm): OrderTerm {
	if (cursor.startsWith('.asc') || cursor.startsWith('.desc')) {
		term.direction = cursor.eat('.asc') ? 'asc' : (cursor.eat('.desc'), 'desc');
	}
	if (cursor.eat('.nullsfirst')) term.nulls = 'nullsfirst';
	else if (cursor.eat('.nullslast')) term.nulls = 'nullslast';
	else if (cursor.peek() === '.') cursor.fail('"asc", "desc", "nullsfirst" or "nullslast"');
	cursor.skipSpaces();
	if (!cursor.done && cursor.peek() !== ',') cursor.fail('"," or end of input');
	return term;
}

function parseTerm(cursor: Cursor): OrderTerm {
	cursor.skipSpaces();
	const start = cursor.pos;
	const name = parseFieldName(cursor);
	if (cursor.eat('(')) {
		const field = parseField(cursor);
		cursor.expect(')');
		return parseModifiers(cursor, { relation: name, field });
	}
	cursor.pos = start;
	return parseModifiers(cursor, { field: parseField(cursor) });
}

export function parseOrder(value: string): OrderTerm[] {
	const cursor = new Cursor(value);
	try {
		const terms = [parseTerm(cursor)];
		while (cursor.eat(',')) terms.push(parseTerm(cursor));
		return terms;
	} catch (error) {
		if (error instanceof ParseFailure)
			throw parseError('order', value, error.column, error.message);
		throw error;
	}
}

/** columns="a","b" and on_conflict=a,b: field names separated by commas. */
export function parseColumnList(what: string, value: string): string[] {
	const cursor = new Cursor(value);
	try {
		const names = [parseFieldName(cursor)];
		for (;;) {
			cursor.skipSpaces();
			if (!cursor.eat(',')) break;
			names.push(parseFieldName(cursor));
		}
		if (!cursor.done) cursor.fail('"," or end of input');
		return names;
	} catch (error) {
		if (error instanceof ParseFailure)
			throw parseError(`${what} parameter`, value, error.column, error.message);
		throw error;
	}
}
