import { describe, expect, it } from 'vitest';
import { helpProblems } from './help-check';

const locales = ['en', 'no', 'da', 'de'];
const article = (id: string, body = '', category = id.split('/')[1]!, related: string[] = []) => ({
	id,
	category,
	body,
	related,
});
/** An English article and its translations in every other locale. */
const everywhere = (slug: string, body = '', related: string[] = []) =>
	locales.map((locale) => article(`${locale}/${slug}`, body, undefined, related));

describe('helpProblems', () => {
	it('accepts translations of English articles and links that resolve', () => {
		const files = [
			...everywhere(
				'minecraft/install-a-modpack',
				'See [the guide](/help/articles/billing/cancel-your-server) and [plans](/minecraft-server-hosting).',
				['billing/cancel-your-server'],
			),
			...everywhere(
				'billing/cancel-your-server',
				'[All billing](/help/categories/billing), [terms](/terms-of-service#cancel)',
			),
		];
		expect(helpProblems(files, locales)).toEqual([]);
	});

	it('rejects a missing or stray translation, a misplaced category, a broken link or related article, an unknown locale folder', () => {
		const problems = helpProblems(
			[
				...everywhere(
					'rust/connect-to-your-server',
					'Read [this](/help/articles/rust/no-such-article).',
					['rust/nothing-here'],
				).filter((file) => file.id !== 'da/rust/connect-to-your-server'),
				article('de/rust/connect-to-your-servr'),
				...everywhere('valheim/mods').map((file) => ({ ...file, category: 'rust' })),
				article('fr/rust/connect-to-your-server'),
			],
			locales,
		);
		expect(problems).toContain(
			'content/help/en/rust/connect-to-your-server.mdx: broken link to /help/articles/rust/no-such-article',
		);
		expect(problems).toContain(
			'content/help/no/rust/connect-to-your-server.mdx: related article rust/nothing-here does not exist',
		);
		expect(problems).toContain(
			'content/help/de/rust/connect-to-your-servr.mdx: a translation without an English original (content/help/en/rust/connect-to-your-servr.mdx)',
		);
		expect(problems).toContain(
			'content/help/en/valheim/mods.mdx: category "rust" does not match its folder "valheim"',
		);
		expect(problems).toContain(
			'content/help/fr/rust/connect-to-your-server.mdx: unknown locale folder "fr"',
		);
		expect(problems).toContain(
			'content/help/da/rust/connect-to-your-server.mdx: missing, a translation of content/help/en/rust/connect-to-your-server.mdx',
		);
	});
});
