/**
 * Text no field may hold: U+0000, which Postgres refuses in `text` (the insert fails and the
 * visitor got a 500), and a lone UTF-16 surrogate, which is no character at all and cannot be
 * stored as UTF-8. JSON's `\u0000` and `\ud800` escapes decode to exactly these, so bodies are
 * checked after parsing, once, by the readers every route uses (src/server/http/api.ts,
 * src/server/auth/form.ts), rather than field by field.
 */

/** Whether `text` is free of NUL and of lone surrogates. */
export function isStorableText(text: string): boolean {
	return !text.includes('\u0000') && text.isWellFormed();
}

/** Whether every string in a parsed JSON value, its keys included, is storable. */
export function allTextStorable(value: unknown): boolean {
	// A stack rather than recursion: the depth is capped before parsing, but walking needs no stack.
	const pending: unknown[] = [value];
	while (pending.length > 0) {
		const next = pending.pop();
		if (typeof next === 'string') {
			if (!isStorableText(next)) return false;
		} else if (Array.isArray(next)) {
			pending.push(...(next as unknown[]));
		} else if (next !== null && typeof next === 'object') {
			for (const [key, item] of Object.entries(next)) {
				if (!isStorableText(key)) return false;
				pending.push(item);
			}
		}
	}
	return true;
}
