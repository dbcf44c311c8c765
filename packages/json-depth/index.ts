// JSON nested thousands of levels deep parses fine in V8 but overflows the stack of whatever walks it
// next (JSON.stringify, Postgres' json parser), which surfaces as a 500 or worse. Bodies are
// therefore measured before anything parses them: one pass over the text, no recursion, with
// brackets inside strings (escapes included) not counted. Shared by the site's APIs and the local
// stack (README.md), so it has no imports.

/** The local stack's cap on request bodies (the site's own APIs use a tighter one). */
export const MAX_JSON_DEPTH = 512;

const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACKET = 0x5d; // ]
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACE = 0x7d; // }

/** Whether `text` opens more than `limit` arrays or objects inside one another. */
export function exceedsJsonDepth(text: string, limit = MAX_JSON_DEPTH): boolean {
	let depth = 0;
	let inString = false;
	for (let i = 0; i < text.length; i += 1) {
		const c = text.charCodeAt(i);
		if (inString) {
			// The escaped character, whatever it is, can neither end the string nor open anything.
			if (c === BACKSLASH) i += 1;
			else if (c === QUOTE) inString = false;
		} else if (c === QUOTE) {
			inString = true;
		} else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
			depth += 1;
			if (depth > limit) return true;
		} else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
			depth -= 1;
			// An unmatched closer: the JSON is invalid here and any parser stops at this character, so
			// nothing after it can be nested inside what was read so far.
			if (depth < 0) return false;
		}
	}
	return false;
}
