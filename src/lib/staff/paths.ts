import { isLocale } from '../../i18n/locales';

/**
 * The staff console's two roots: its pages under /staff (after an optional language code) and
 * its API under /api/staff. The middleware guards both (src/server/staff/guard.ts).
 */
function segmentsOf(pathname: string): string[] {
	let decoded = pathname;
	try {
		decoded = decodeURIComponent(pathname);
	} catch {
		// a malformed escape matches no route; the raw path is judged as it is
	}
	// Decoded and lower-cased: /%73taff or /STAFF must not reach a staff route unguarded.
	return decoded
		.split('/')
		.filter(Boolean)
		.map((segment) => segment.toLowerCase());
}

export function isStaffPagePath(pathname: string): boolean {
	const segments = segmentsOf(pathname);
	const root = segments[0] && isLocale(segments[0]) ? segments[1] : segments[0];
	return root === 'staff';
}

export function isStaffApiPath(pathname: string): boolean {
	const [first, second] = segmentsOf(pathname);
	return first === 'api' && second === 'staff';
}
