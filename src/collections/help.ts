import { getCollection, type CollectionEntry } from 'astro:content';
import { localeCodes, type Locale } from '../i18n';
import { findGame } from '../lib/games';
import { helpProblems } from '../lib/help-check';

export type HelpEntry = CollectionEntry<'help'>;

/** An article as a reader in one locale gets it: the translation, or the English original. */
export interface HelpArticle {
	/** `<topic>/<slug>`, the same in every locale and the URL after /help/articles/. */
	slug: string;
	entry: HelpEntry;
	/** True when the locale has no translation and the English original is shown. */
	fallback: boolean;
}

const slugOf = (entry: HelpEntry) => entry.id.split('/').slice(1).join('/');
const localeOf = (entry: HelpEntry) => entry.id.split('/')[0] as Locale;

let checked: Promise<HelpEntry[]> | undefined;

/** Every entry, checked once per build: a problem (stray translation, broken link) fails it. */
function allEntries(): Promise<HelpEntry[]> {
	checked ??= getCollection('help').then((entries) => {
		const problems = helpProblems(
			entries.map((entry) => ({
				id: entry.id,
				category: entry.data.category,
				body: entry.body ?? '',
			})),
			localeCodes,
		);
		if (problems.length)
			throw new Error(`The help centre content has problems:\n  ${problems.join('\n  ')}`);
		return entries;
	});
	return checked;
}

/** The articles of the help centre in one locale, in topic order then `order`. */
export async function helpArticles(locale: Locale): Promise<HelpArticle[]> {
	const entries = await allEntries();
	const english = entries.filter((entry) => localeOf(entry) === 'en');
	return english
		.map((original) => {
			const translation = entries.find((entry) => entry.id === `${locale}/${slugOf(original)}`);
			return {
				slug: slugOf(original),
				entry: translation ?? original,
				fallback: locale !== 'en' && !translation,
			};
		})
		.sort(
			(a, b) =>
				a.slug.split('/')[0]!.localeCompare(b.slug.split('/')[0]!) ||
				a.entry.data.order - b.entry.data.order,
		);
}

/** The name of a topic: the game's own name, or a UI string for vps, billing and account. */
export function topicName(
	topic: string,
	translate: (key: 'help.topic.vps' | 'help.topic.billing' | 'help.topic.account') => string,
): string {
	if (topic === 'vps' || topic === 'billing' || topic === 'account')
		return translate(`help.topic.${topic}`);
	return findGame(topic)?.name ?? topic;
}
