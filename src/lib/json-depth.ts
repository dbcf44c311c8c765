/**
 * Whether a JSON text nests arrays and objects deeper than `max`, found by one linear scan that
 * skips strings, before anything parses it: a recursive parser or walker given 50,000 levels runs
 * out of stack. Malformed text is left for the parser to refuse.
 */
export function nestingDepthExceeds(text: string, max: number): boolean {
	let depth = 0;
	let inString = false;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (inString) {
			if (c === 92)
				i++; // backslash: the next character is escaped
			else if (c === 34) inString = false;
		} else if (c === 34) inString = true;
		else if (c === 91 || c === 123) {
			if (++depth > max) return true;
		} else if (c === 93 || c === 125) depth--;
	}
	return false;
}
