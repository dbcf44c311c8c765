/** A pathname as a person would read it (`/hjælp` rather than `/hj%C3%A6lp`), never throwing on bad escapes. */
export function decodePath(pathname: string): string {
	try {
		return decodeURIComponent(pathname);
	} catch {
		return pathname;
	}
}
