import type { Field, JsonStep } from './types.ts';

// A small cursor and the pieces of PostgREST's grammar shared by select, filters and order: field
// names (bare identifiers, dashes allowed, or "double quoted"), and JSON paths (->key, ->>0).

export class ParseFailure extends Error {
	readonly column: number;
	constructor(column: number, details: string) {
		super(details);
		this.column = column;
	}
}

export class Cursor {
	readonly text: string;
	pos = 0;

	constructor(text: string) {
		this.text = text;
	}

	get done(): boolean {
		return this.pos >= this.text.length;
	}

	peek(length = 1): string {
		return this.text.slice(this.pos, this.pos + length);
	}

	startsWith(value: string): boolean {
		return this.text.startsWith(value, this.pos);
	}

	eat(value: string): boolean {
		if (!this.startsWith(value)) return false;
		this.pos += value.length;
		return true;
	}

	expect(value: string, expecting = `"${value}"`): void {
		if (!this.eat(value)) this.fail(expecting);
	}

	skipSpaces(): void {
		while (this.peek() === ' ' || this.peek() === '\t') this.pos += 1;
	}

	fail(expecting: string): never {
		const found = this.done ? 'end of input' : `"${this.peek()}"`;
		throw new ParseFailure(this.pos + 1, `unexpected ${found} expecting ${expecting}`);
	}
}

const IDENTIFIER_CHAR = /[\p{L}\p{N}_$ ]/u;

export function isIdentifierChar(char: string): boolean {
	return char !== '' && IDENTIFIER_CHAR.test(char);
}

/** `"quoted \"name\""`, with backslash escapes. */
export function parseQuoted(cursor: Cursor): string {
	cursor.expect('"');
	let value = '';
	while (!cursor.done && cursor.peek() !== '"') {
		if (cursor.peek() === '\\') cursor.pos += 1;
		value += cursor.peek();
		cursor.pos += 1;
	}
	cursor.expect('"');
	return value;
}

export function parseIdentifier(cursor: Cursor): string {
	const start = cursor.pos;
	while (isIdentifierChar(cursor.peek())) cursor.pos += 1;
	if (cursor.pos === start) cursor.fail('field name (* or [a..z0..9_$])');
	return cursor.text.slice(start, cursor.pos).trim();
}

/** A field name: identifiers joined by single dashes (`a-b`, but not the `->` of a JSON path). */
export function parseFieldName(cursor: Cursor): string {
	cursor.skipSpaces();
	if (cursor.peek() === '"') return parseQuoted(cursor);
	let name = parseIdentifier(cursor);
	while (cursor.peek() === '-' && cursor.peek(2) !== '->') {
		cursor.pos += 1;
		name += `-${parseIdentifier(cursor)}`;
	}
	return name;
}

export function parseJsonPath(cursor: Cursor): JsonStep[] {
	const steps: JsonStep[] = [];
	for (;;) {
		let arrow: JsonStep['arrow'];
		if (cursor.eat('->>')) arrow = '->>';
		else if (cursor.eat('->')) arrow = '->';
		else return steps;
		const index = /^-?\d+/.exec(cursor.text.slice(cursor.pos));
		const after = index ? cursor.text.slice(cursor.pos + index[0].length) : '';
		if (index && (after === '' || /^(->|::|\.|,|\))/.test(after))) {
			cursor.pos += index[0].length;
			steps.push({ arrow, key: index[0], index: true });
		} else {
			steps.push({ arrow, key: parseFieldName(cursor), index: false });
		}
	}
}

export function parseField(cursor: Cursor): Field {
	const name = parseFieldName(cursor);
	const jsonPath = parseJsonPath(cursor);
	cursor.skipSpaces();
	return { name, jsonPath };
}
