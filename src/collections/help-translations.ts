import { getCollection } from 'astro:content';
import { splitHelpId } from '../lib/help/fallbacks';
import { translationStatus, type TranslationStatus } from '../lib/help-translation-status';

/**
 * The translation status of the help centre as the build sees it: the rule and shape of
 * `npm run translations` (src/lib/help-translation-status.ts), over the collection's parsed
 * frontmatter. It needs every file of every locale, not one locale's articles, so it reads the
 * collection itself rather than through `helpArticles`.
 */
export async function helpTranslationStatus(): Promise<TranslationStatus> {
	const entries = await getCollection('help');
	return translationStatus(
		entries.map((entry) => ({
			...splitHelpId(entry.id),
			title: entry.data.title,
			updated: entry.data.updated,
		})),
	);
}
