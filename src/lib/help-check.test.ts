import { describe, expect, it } from 'vitest';
import { helpProblems } from './help-check';

const locales = ['en', 'no', 'da', 'de'];
const article = (id: string, body = '', category = id.split('/')[1]!) => ({ id, category, body });

describe('helpProblems', () => {
	it('accepts translations of English articles and links that resolve', () => {
		const files = [
			article(
				'en/minecraft/install-a-modpack',
				'See [the guide](/help/articles/billing/cancel-your-server) and [plans](/minecraft-server-hosting).',
			),
			article(
				'en/billing/cancel-your-server',
				'[All billing](/help/categories/billing), [terms](/terms-of-service#cancel)',
			),
			article('da/minecraft/install-a-modpack'),
		];
		expect(helpProblems(files, locales)).toEqual([]);
	});

	it('rejects a stray translation, a misplaced category, a broken link and an unknown locale folder', () => {
		const problems = helpProblems(
			[
				article(
					'en/rust/connect-to-your-server',
					'Read [this](/help/articles/rust/no-such-article).',
				),
				article('de/rust/connect-to-your-servr'),
				article('en/valheim/mods', '', 'rust'),
				article('fr/rust/connect-to-your-server'),
			],
			locales,
		);
		expect(problems).toEqual([
			'content/help/en/rust/connect-to-your-server.mdx: broken link to /help/articles/rust/no-such-article',
			'content/help/de/rust/connect-to-your-servr.mdx: a translation without an English original (content/help/en/rust/connect-to-your-servr.mdx)',
			'content/help/en/valheim/mods.mdx: category "rust" does not match its folder "valheim"',
			'content/help/fr/rust/connect-to-your-server.mdx: unknown locale folder "fr"',
		]);
	});
});
