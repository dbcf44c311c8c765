import { describe, expect, it } from 'vitest';
import { helpProblems, type HelpFile } from './help-check';

const locales = ['en', 'no', 'da', 'de'];
const publicFiles = new Set(['/images/help/minecraft/modpacks-tab.png', '/og.png']);
const check = (files: HelpFile[]) =>
	helpProblems(files, locales, { publicFileExists: (path) => publicFiles.has(path) });
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
	it('accepts translations of English articles and links and images that resolve', () => {
		const files = [
			...everywhere(
				'minecraft/install-a-modpack',
				'See [the guide](/help/articles/billing/cancel-your-server) and [plans](/minecraft-server-hosting).\n\n' +
					'![The Modpacks tab](/images/help/minecraft/modpacks-tab.png "Modpacks")\n\n' +
					'<img src="/og.png" alt="Our logo" />',
				['billing/cancel-your-server'],
			),
			...everywhere(
				'billing/cancel-your-server',
				'[All billing](/help/categories/billing), [terms](/terms-of-service#cancel)',
			),
		];
		expect(check(files)).toEqual([]);
	});

	it('accepts an article in English alone: the other locales fall back to it', () => {
		const files = [
			...everywhere('billing/cancel-your-server'),
			article('en/palworld/update-broke-your-server', '', 'palworld', [
				'billing/cancel-your-server',
			]),
			article('en/rust/connect'),
			article('de/rust/connect'),
		];
		expect(check(files)).toEqual([]);
		expect(check([article('en/palworld/update-broke-your-server')])).toEqual([]);
	});

	it('names the file and the fix for a translation without an English original', () => {
		expect(check([...everywhere('rust/connect'), article('de/rust/conect')])).toEqual([
			'content/help/de/rust/conect.mdx: a translation without an English original: write content/help/en/rust/conect.mdx first, or rename this file to the path of the English article it translates',
		]);
	});

	it('names the file and the fix for a folder that is no language', () => {
		expect(check([article('en/rust/connect'), article('fr/rust/connect')])).toEqual([
			'content/help/fr/rust/connect.mdx: "fr" is no language of the site: move the file into content/help/<language>/, one of en, no, da, de',
		]);
	});

	it('names the file and the fix for a related article that does not exist', () => {
		expect(check([article('en/rust/connect', '', 'rust', ['rust/nothing-here'])])).toEqual([
			'content/help/en/rust/connect.mdx: related article rust/nothing-here does not exist: write it as <topic>/<slug> of a file in content/help/en/, or remove it from related',
		]);
	});

	it('names the file and the fix for a category that is not its folder', () => {
		expect(check([article('en/valheim/mods', '', 'rust')])).toEqual([
			'content/help/en/valheim/mods.mdx: category "rust" does not match its folder "valheim": write `category: valheim`, or move the file to content/help/en/rust/',
		]);
	});

	it('names the file and the fix for a broken internal link', () => {
		const body =
			'Read [this](/help/articles/rust/no-such-article), [that](/help/categories/nothing) and [the shop](/shop).';
		expect(check([article('en/rust/connect', body)])).toEqual(
			['/help/articles/rust/no-such-article', '/help/categories/nothing', '/shop'].map(
				(target) =>
					`content/help/en/rust/connect.mdx: broken link to ${target}: link to /help/articles/<topic>/<slug> of a file in content/help/en/, /help/categories/<topic>, or a page of the site`,
			),
		);
	});

	it('names the file and the fix for an image that does not exist, in Markdown or HTML', () => {
		const body =
			'![The Files tab](/images/help/minecraft/files-tab.png)\n\n<img alt="Console" src="/images/help/console.webp">';
		expect(check([article('en/minecraft/files', body)])).toEqual([
			'content/help/en/minecraft/files.mdx: image /images/help/minecraft/files-tab.png does not exist: add the file public/images/help/minecraft/files-tab.png, or correct the path (images live in public/images/help/<topic>/)',
			'content/help/en/minecraft/files.mdx: image /images/help/console.webp does not exist: add the file public/images/help/console.webp, or correct the path (images live in public/images/help/<topic>/)',
		]);
	});

	it('refuses images from elsewhere than public/, and images without a description', () => {
		const body = [
			'![Tab](./modpacks-tab.png)',
			'![Tab](https://example.com/tab.png)',
			'![Tab](/images/../../secret.png)',
			'![](/images/help/minecraft/modpacks-tab.png)',
			'<img src="/og.png">',
		].join('\n\n');
		const problems = check([article('en/minecraft/files', body)]);
		expect(problems).toHaveLength(5);
		for (const src of ['./modpacks-tab.png', 'https://example.com/tab.png'])
			expect(problems).toContain(
				`content/help/en/minecraft/files.mdx: image "${src}" is not a file of this site: put it in public/images/help/<topic>/ and write its path from public/, e.g. /images/help/minecraft/modpacks-tab.png`,
			);
		expect(problems).toContain(
			'content/help/en/minecraft/files.mdx: image /images/help/minecraft/modpacks-tab.png has no description: write what it shows for readers who cannot see it, as ![The Modpacks tab](/images/help/minecraft/modpacks-tab.png)',
		);
		expect(problems.some((p) => p.includes('image /og.png has no description'))).toBe(true);
	});

	it('does not take an image for a link', () => {
		expect(check([article('en/minecraft/files', '![The logo](/og.png)')])).toEqual([]);
	});
});
