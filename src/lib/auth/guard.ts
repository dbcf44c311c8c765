import { isLocale } from '../../i18n/locales';

/**
 * Which paths need a signed-in customer: anything under /panel, /account, /billing or /checkout,
 * after an optional language code (any of the site's locales, the default's included), as
 * docs/panel.md says of the sign-in guard.
 */
const privateRoots = ['panel', 'account', 'billing', 'checkout'];

export function requiresSignIn(pathname: string): boolean {
	const segments = pathname.split('/').filter(Boolean);
	const first = segments[0]?.toLowerCase();
	const root = first && isLocale(first) ? segments[1] : segments[0];
	return !!root && privateRoots.includes(root.toLowerCase());
}
