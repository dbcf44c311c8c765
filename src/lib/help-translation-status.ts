import { defaultLocale, localeCodes, type Locale } from '../i18n/locales.ts';

/**
 * How far each help article's translations are behind the English original, judged from the
 * frontmatter `updated` date ("date of the last change in substance"), not from git history: a
 * date in the file holds in a shallow CI clone, in an uncommitted file and in a copy of the content,
 * where a history-based tracker (Lunaria) errs or fails. docs/help-translations.md says more.
 */
export const translationStates = ['current', 'outdated', 'missing'] as const;
export type TranslationState = (typeof translationStates)[number];

/** The locales an English article is translated into, in the locale table's order. */
// `defaultLocale` is typed `Locale`, not `'en'`, so its type cannot be excluded here.
export type TranslatedLocale = Exclude<Locale, 'en'>;
export const translatedLocales = localeCodes.filter(
	(code): code is TranslatedLocale => code !== defaultLocale,
);

/** One help file, as the content loader or the script reads it. */
export interface HelpFileDate {
	/** The locale folder the file lives in. */
	locale: string;
	/** `<topic>/<slug>`, the same in every locale. */
	slug: string;
	title: string;
	updated: Date;
}

export interface TranslationCell {
	state: TranslationState;
	/** The translation's path: the file to edit, or to create when it is missing. */
	file: string;
}

export interface ArticleTranslations {
	slug: string;
	/** The English title. */
	title: string;
	/** The English original's path. */
	english: string;
	locales: Record<TranslatedLocale, TranslationCell>;
}

export type TranslationSummary = Record<TranslationState, number>;

export interface TranslationStatus {
	articles: ArticleTranslations[];
	summary: TranslationSummary;
}

/**
 * Every English article × every other locale: `current`, `outdated` (English `updated` later than
 * the translation's) or `missing`. A translation without an English original is left out: the
 * build names it as an error. Paths are `<root>/<locale>/<slug>.mdx`.
 */
export function translationStatus(
	files: readonly HelpFileDate[],
	root = 'content/help',
): TranslationStatus {
	const byKey = new Map(files.map((file) => [`${file.locale}/${file.slug}`, file]));
	const pathOf = (locale: string, slug: string) => `${root}/${locale}/${slug}.mdx`;
	const articles = files
		.filter((file) => file.locale === defaultLocale)
		.sort((a, b) => a.slug.localeCompare(b.slug))
		.map((english): ArticleTranslations => {
			const cell = (locale: TranslatedLocale): TranslationCell => {
				const translation = byKey.get(`${locale}/${english.slug}`);
				const state: TranslationState = !translation
					? 'missing'
					: english.updated.getTime() > translation.updated.getTime()
						? 'outdated'
						: 'current';
				return { state, file: pathOf(locale, english.slug) };
			};
			return {
				slug: english.slug,
				title: english.title,
				english: pathOf(defaultLocale, english.slug),
				locales: Object.fromEntries(
					translatedLocales.map((locale) => [locale, cell(locale)]),
				) as Record<TranslatedLocale, TranslationCell>,
			};
		});
	const summary: TranslationSummary = { current: 0, outdated: 0, missing: 0 };
	for (const article of articles)
		for (const locale of translatedLocales) summary[article.locales[locale].state] += 1;
	return { articles, summary };
}

/**
 * A file's link on the status page: `base` (the build's PUBLIC_CONTENT_EDIT_URL, such as a
 * repository's `…/edit/main/`) followed by the file's path. None without a base, and none for a
 * missing file: a hosting site answers the edit page of a file that does not exist with a 404.
 */
export function editLink(
	base: string | undefined,
	file: string,
	state: TranslationState = 'current',
): string | undefined {
	const root = base?.trim();
	if (!root || state === 'missing') return undefined;
	return `${root.replace(/\/*$/, '/')}${file}`;
}
