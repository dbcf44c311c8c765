/**
 * What a caught value says: an Error's message, else the value as text. `catch` hands over
 * `unknown` (a library may throw a string or a plain object), so it is narrowed, never cast.
 */
export function errorText(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
