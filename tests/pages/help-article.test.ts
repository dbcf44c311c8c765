import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import ArticleList from '../../src/components/help/ArticleList.astro';
import ArticlePage from '../../src/components/help/ArticlePage.astro';
import type { HelpArticle, HelpEntry } from '../../src/collections/help';
import { locales, localizePath, type Locale } from '../../src/i18n';

// The real content has every translation, so a fallback page is rendered here from an article
// that exists in English and German only, as the article route hands it over.
const container = await AstroContainer.create();
const slug = 'palworld/update-broke-your-server';
const entry = (locale: Locale): HelpEntry => ({
	id: `${locale}/${slug}`,
	collection: 'help',
	body: '',
	data: {
		title:
			locale === 'de'
				? 'Palworld-Update hat deinen Server kaputt gemacht'
				: 'Palworld update broke your server',
		description:
			'After a Palworld update the server refuses to start or players cannot join: get it running again.',
		category: 'palworld',
		games: ['palworld'],
		order: 9,
		popular: false,
		updated: new Date('2026-12-07'),
		related: [],
	},
});
const article = (locale: Locale): HelpArticle => {
	const fallback = locale !== 'en' && locale !== 'de';
	return { slug, entry: entry(fallback ? 'en' : locale), fallback, translations: ['en', 'de'] };
};

async function page(locale: Locale): Promise<string> {
	return container.renderToString(ArticlePage, {
		props: {
			locale,
			article: article(locale),
			related: [],
			headings: [{ depth: 2, slug: 'restart-the-server', text: 'Restart the server' }],
		},
		slots: { default: '<p>Zanzibarquux is the word only this article has.</p>' },
		request: new Request(
			`https://frostnode.example${localizePath(`/help/articles/${slug}`, locale)}`,
		),
	});
}

const links = (html: string) =>
	[
		...html.matchAll(/<link rel="(canonical|alternate)"(?: hreflang="([^"]+)")? href="([^"]+)"/g),
	].map(([, rel, lang, href]) => (rel === 'canonical' ? `canonical ${href}` : `${lang} ${href}`));
const origin = 'https://frostnode.example';

describe('a help article shown in English until translated', () => {
	it.each([
		['no', 'nb', 'Denne artikkelen er ikke tilgjengelig på norsk ennå.'],
		['da', 'da', 'Denne artikel er endnu ikke tilgængelig på dansk.'],
	] as const)(
		'in %s: a notice in the reader’s language, the text marked English, canonical in English, out of search',
		async (locale, lang, notice) => {
			const html = await page(locale);
			expect(html).toContain(`<html lang="${lang}"`);
			const note = /<p[^>]*data-fallback-notice[^>]*>([\s\S]*?)<\/p>/.exec(html);
			expect(note?.[0]).toContain(`lang="${lang}"`);
			expect(note?.[1]?.replace(/<svg[\s\S]*?<\/svg>/, '').trim()).toBe(notice);
			expect(html).toMatch(/<article lang="en" data-fallback[\s>]/);
			expect(html).toContain('Zanzibarquux');
			expect(html).not.toContain('data-pagefind-body');
			expect(/<ul[^>]*lang="en"[^>]*>\s*<li[^>]*>\s*<a href="#restart-the-server"/.test(html)).toBe(
				true,
			);
			expect(links(html)).toEqual([
				`canonical ${origin}/help/articles/${slug}`,
				`en ${origin}/help/articles/${slug}`,
				`de ${origin}/de/help/articles/${slug}`,
				`x-default ${origin}/help/articles/${slug}`,
			]);
		},
	);

	it('leaves the translation and the English original as they were: indexed, self-canonical, no notice', async () => {
		for (const locale of ['de', 'en'] as const) {
			const html = await page(locale);
			const own = `${origin}${localizePath(`/help/articles/${slug}`, locale)}`;
			expect(html).toContain(`<html lang="${locales[locale].lang}"`);
			expect(html).toMatch(/<article data-pagefind-body[\s>]/);
			expect(html).not.toContain('data-fallback');
			expect(links(html)[0]).toBe(`canonical ${own}`);
			expect(links(html)).toHaveLength(4);
		}
	});

	it('is listed with an “English” badge in the reader’s language, its title marked English', async () => {
		const html = await container.renderToString(ArticleList, {
			props: { locale: 'de', articles: [article('no'), article('de')] },
		});
		const [fallback, translated] = [...html.matchAll(/<li[\s\S]*?<\/li>/g)].map(([li]) => li);
		expect(fallback).toMatch(
			/<span[^>]*lang="en"[^>]*>\s*Palworld update broke your server\s*<\/span>/,
		);
		expect(fallback).toMatch(/>\s*Englisch\s*</);
		expect(translated).not.toContain('lang="en"');
		expect(translated).not.toContain('Englisch');
	});
});
