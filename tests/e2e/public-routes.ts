import { localeCodes, locales, type Locale } from '../../src/i18n/locales';
import { localizePath } from '../../src/i18n/paths';
import { gamePath, games } from '../../src/lib/games';
import { pageNames } from '../../src/collections/page-names';

/** Every public marketing route of the spec, locale-free. */
export const publicPaths = [
	'/',
	'/games',
	...games.map((game) => gamePath(game.id)),
	'/vps-hosting',
	'/locations',
	...pageNames.map((page) => `/${page}`),
	'/help',
	'/help/categories/minecraft',
	'/help/articles/minecraft/install-a-modpack',
];

export const everyLocalisedRoute = localeCodes.flatMap((locale) =>
	publicPaths.map((path) => ({
		locale,
		path: localizePath(path, locale),
		lang: locales[locale].lang,
	})),
);

export function langOf(locale: Locale): string {
	return locales[locale].lang;
}
