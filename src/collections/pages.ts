import { getCollection, type CollectionEntry } from 'astro:content';
import type { Locale } from '../i18n';

export type PageCopy = CollectionEntry<'pages'>;

export { pageNames, type PageName } from './page-names';

/** An about, affiliate or legal page in one locale; a missing translation fails the build. */
export async function pageCopy(name: string, locale: Locale): Promise<PageCopy> {
	const entries = await getCollection('pages');
	const entry = entries.find((candidate) => candidate.id === `${locale}/${name}`);
	if (!entry) throw new Error(`content/pages/${locale}/${name}.mdx is missing`);
	return entry;
}
