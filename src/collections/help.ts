import { getCollection, type CollectionEntry } from 'astro:content';
import { localeCodes, type Locale } from '../i18n';
import { findGame } from '../lib/games';
import { helpProblems } from '../lib/help-check';

export type HelpEntry = CollectionEntry<'help'>;

/** An article in one locale; every locale has every article (the build checks it). */
export interface HelpArticle {
	/** `<topic>/<slug>`, the same in every locale and the URL after /help/articles/. */
	slug: string;
	entry: HelpEntry;
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
				related: entry.data.related,
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
	return entries
		.filter((entry) => localeOf(entry) === locale)
		.map((entry) => ({ slug: slugOf(entry), entry }))
		.sort(
			(a, b) =>
				a.slug.split('/')[0]!.localeCompare(b.slug.split('/')[0]!) ||
				a.entry.data.order - b.entry.data.order,
		);
}

/** The article's own related list (frontmatter `related`); without one, others of its topic. */
export function relatedArticles(article: HelpArticle, articles: HelpArticle[]): HelpArticle[] {
	const chosen = article.entry.data.related.flatMap(
		(slug) => articles.find((candidate) => candidate.slug === slug) ?? [],
	);
	if (chosen.length > 0) return chosen;
	const topic = article.slug.split('/')[0];
	return articles
		.filter((other) => other.slug !== article.slug && other.slug.split('/')[0] === topic)
		.slice(0, 4);
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
