/**
 * Which paths need a signed-in customer: anything under /panel, /account, /billing or /checkout,
 * after an optional language prefix (en, no, da, de), as the spec's guard says.
 */
const privateRoots = ['panel', 'account', 'billing', 'checkout'];
const languagePrefixes = ['en', 'no', 'da', 'de'];

export function requiresSignIn(pathname: string): boolean {
	const segments = pathname.split('/').filter(Boolean);
	const first = segments[0]?.toLowerCase();
	const root = first && languagePrefixes.includes(first) ? segments[1] : segments[0];
	return !!root && privateRoots.includes(root.toLowerCase());
}
