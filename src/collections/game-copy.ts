import { getCollection, type CollectionEntry } from 'astro:content';
import { localeCodes, type Locale } from '../i18n';

export type GameCopy = CollectionEntry<'games'>;

/**
 * The copy of a game page in one locale. Every locale must have every page: a missing file is a
 * build error naming the file, never a page that silently falls back to English.
 */
export async function gameCopy(id: string, locale: Locale): Promise<GameCopy> {
	const entries = await getCollection('games');
	const entry = entries.find((candidate) => candidate.id === `${locale}/${id}`);
	if (!entry) throw new Error(`content/games/${locale}/${id}.md is missing`);
	return entry;
}

/** Files present in a locale without an English original: a stray or misnamed translation. */
export async function strayGameCopy(): Promise<string[]> {
	const ids = new Set((await getCollection('games')).map((entry) => entry.id));
	return [...ids].filter((id) => {
		const [locale, name] = id.split('/');
		return locale !== 'en' && localeCodes.includes(locale as Locale) && !ids.has(`en/${name}`);
	});
}
