import { parseQuoted } from './parse-field.ts';
import type { Cursor } from './parse-field.ts';

// Filter values. At top level a value is the rest of the string; in a logic tree it ends at `,` or
// `)` unless "double quoted" (backslash escapes) or a {curly,array}. `in` lists are parenthesised,
// with optionally quoted elements.

export function parseListValue(cursor: Cursor): string[] {
	cursor.skipSpaces();
	cursor.expect('(');
	cursor.skipSpaces();
	const values: string[] = [];
	for (;;) {
		if (cursor.peek() === '"') {
			const save = cursor.pos;
			const quoted = parseQuoted(cursor);
			if (cursor.peek() === ',' || cursor.peek() === ')') values.push(quoted);
			else {
				cursor.pos = save;
				values.push(readUntil(cursor, ',)'));
			}
		} else values.push(readUntil(cursor, ',)'));
		if (!cursor.eat(',')) break;
	}
	cursor.skipSpaces();
	cursor.expect(')', '")" or ","');
	return values;
}

export function readUntil(cursor: Cursor, stops: string): string {
	const start = cursor.pos;
	while (!cursor.done && !stops.includes(cursor.peek())) cursor.pos += 1;
	return cursor.text.slice(start, cursor.pos);
}

export function parseValue(cursor: Cursor, mode: 'single' | 'logic'): string {
	if (mode === 'single') {
		const value = cursor.text.slice(cursor.pos);
		cursor.pos = cursor.text.length;
		return value;
	}
	if (cursor.peek() === '"') {
		const save = cursor.pos;
		const quoted = parseQuoted(cursor);
		if (cursor.done || cursor.peek() === ',' || cursor.peek() === ')') return quoted;
		cursor.pos = save;
	}
	if (cursor.peek() === '{') {
		const close = cursor.text.indexOf('}', cursor.pos);
		if (close !== -1 && !cursor.text.slice(cursor.pos + 1, close).includes('{')) {
			const value = cursor.text.slice(cursor.pos, close + 1);
			cursor.pos = close + 1;
			return value;
		}
	}
	return readUntil(cursor, ',)');
}
