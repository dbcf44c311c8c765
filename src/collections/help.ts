import { statSync } from 'node:fs';
import { join } from 'node:path';
import { getCollection, type CollectionEntry } from 'astro:content';
import { localeCodes, type Locale } from '../i18n';
import { findGame } from '../lib/games';
import { helpProblems } from '../lib/help-check';
import { articleLocales, splitHelpId } from '../lib/help/fallbacks';

export type HelpEntry = CollectionEntry<'help'>;

/**
 * An article as one locale shows it. Every English article is in every locale: its translation,
 * or, until one exists, the English entry itself (`fallback`).
 */
export interface HelpArticle {
	/** `<topic>/<slug>`, the same in every locale and the URL after /help/articles/. */
	slug: string;
	entry: HelpEntry;
	/** True when the locale has no translation yet and `entry` is the English article. */
	fallback: boolean;
	/** The locales with a real file of this article, English first (its hreflang alternates). */
	translations: Locale[];
}

// Astro's root is the directory the build runs in; images in MDX are files under its public/.
const publicFileExists = (path: string) =>
	statSync(join(process.cwd(), 'public', path), { throwIfNoEntry: false })?.isFile() ?? false;

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
			{ publicFileExists },
		);
		if (problems.length)
			throw new Error(`The help centre content has problems:\n  ${problems.join('\n  ')}`);
		return entries;
	});
	return checked;
}

/**
 * The help centre's articles in one locale, in topic order then `order`: every English article,
 * translated where the locale has it, English (`fallback: true`) where not.
 */
export async function helpArticles(locale: Locale): Promise<HelpArticle[]> {
	const entries = await allEntries();
	const byId = new Map(entries.map((entry) => [entry.id, entry]));
	const available = articleLocales([...byId.keys()], localeCodes);
	return entries
		.filter((entry) => splitHelpId(entry.id).locale === 'en')
		.map((english) => {
			const { slug } = splitHelpId(english.id);
			const translation = byId.get(`${locale}/${slug}`);
			return {
				slug,
				entry: translation ?? english,
				fallback: !translation,
				// articleLocales lists them in localeCodes' order, English first.
				translations: available.get(slug) ?? [],
			};
		})
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
