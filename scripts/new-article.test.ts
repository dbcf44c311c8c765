import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { slugify } from './new-article/article';

// The content config defines its collections through Astro's virtual module; the schemas
// themselves are plain zod, so the help schema is tested here as the build runs it.
vi.mock('astro:content', () => ({ defineCollection: <T>(collection: T) => collection }));
const { collections } = await import('../src/content.config');
const helpSchema = collections.help.schema;
if (!helpSchema || typeof helpSchema === 'function')
	throw new Error('The help collection’s schema is no longer a plain zod object: call it here');

// `npm run new:article` as an editor runs it, against a copy of the English Minecraft articles in
// a temporary folder (--content), so the real content stays untouched.

const root = fileURLToPath(new URL('..', import.meta.url));
const jiti = join(root, 'node_modules/jiti/lib/jiti-cli.mjs');
let content: string;

function newArticle(...args: string[]) {
	const run = spawnSync(
		process.execPath,
		[jiti, join(root, 'scripts/new-article.ts'), '--content', content, ...args],
		{ encoding: 'utf8', cwd: root },
	);
	return { code: run.status, out: run.stdout, err: run.stderr };
}

function frontmatterOf(text: string): unknown {
	return parse(/^---\n([\s\S]*?)\n---\n/.exec(text)?.[1] ?? '');
}

beforeEach(() => {
	content = mkdtempSync(join(tmpdir(), 'new-article-'));
	cpSync(join(root, 'content/help/en/minecraft'), join(content, 'en/minecraft'), {
		recursive: true,
	});
});
afterEach(() => rmSync(content, { recursive: true, force: true }));

describe('npm run new:article', () => {
	it('writes an English article the help schema accepts, next in its topic', () => {
		const run = newArticle(
			'--topic',
			'minecraft',
			'--slug',
			'update-broke-your-server',
			'--title',
			'Update broke your server: do this',
		);
		expect(run.err).toBe('');
		expect(run.code).toBe(0);
		const file = join(content, 'en/minecraft/update-broke-your-server.mdx');
		const text = readFileSync(file, 'utf8');
		const data = helpSchema.parse(frontmatterOf(text));
		const today = new Date().toISOString().slice(0, 10);
		expect(data).toMatchObject({
			title: 'Update broke your server: do this',
			category: 'minecraft',
			games: ['minecraft'],
			order: 7,
			popular: false,
			related: [],
		});
		expect(data.updated.toISOString().slice(0, 10)).toBe(today);
		expect(text).toMatch(/\n## First step\n/);
		expect(run.out).toContain(file);
		for (const path of [
			'/help/articles/minecraft/update-broke-your-server',
			'/no/help/articles/minecraft/update-broke-your-server',
			'/da/help/articles/minecraft/update-broke-your-server',
			'/de/help/articles/minecraft/update-broke-your-server',
		])
			expect(run.out).toMatch(new RegExp(`^  ${path}\\b`, 'm'));
		expect(run.out).toContain('npm run dev');
		expect(run.out).toContain('npm run translations');
		expect(run.out).toContain('the description');
	});

	it('takes the description, games and order given, and starts a new topic at 1', () => {
		const description =
			'What to do when your invoice shows a charge you do not recognise: where to look, and how to ask us.';
		const run = newArticle(
			'--topic',
			'billing',
			'--slug',
			'unknown-charge',
			'--title',
			'A charge you do not recognise',
			'--description',
			description,
		);
		expect(run.code).toBe(0);
		const data = helpSchema.parse(
			frontmatterOf(readFileSync(join(content, 'en/billing/unknown-charge.mdx'), 'utf8')),
		);
		expect(data).toMatchObject({ description, games: [], order: 1, category: 'billing' });
		expect(run.out).not.toContain('the description');

		expect(
			newArticle(
				...['--topic', 'vps', '--slug', 'x1', '--title', 'X', '--games', 'rust,valheim'],
				...['--order', '4'],
			).code,
		).toBe(0);
		const vps = frontmatterOf(readFileSync(join(content, 'en/vps/x1.mdx'), 'utf8'));
		expect(vps).toMatchObject({ games: ['rust', 'valheim'], order: 4 });
	});

	it('refuses bad input with the fix, exit code 1 and nothing written', () => {
		const cases = [
			[['--topic', 'mc', '--slug', 'a', '--title', 'A'], 'Unknown topic "mc". Topics: vps,'],
			[
				['--topic', 'minecraft', '--slug', 'My Ærlig Article!', '--title', 'A'],
				'Use --slug my-aerlig-article',
			],
			[
				['--topic', 'minecraft', '--slug', 'a', '--title', 'T'.repeat(71)],
				'The title is 71 characters; at most 70',
			],
			[
				['--topic', 'minecraft', '--slug', 'a', '--title', 'A', '--description', 'Too short.'],
				'The description is 10 characters; write 80 to 160',
			],
			[
				['--topic', 'minecraft', '--slug', 'a', '--title', 'A', '--games', 'minecraft,doom'],
				'Unknown game "doom"',
			],
			[['--topic', 'minecraft', '--slug', 'a', '--title', 'A', '--order', '0'], '--order must'],
			[['--topic', 'minecraft', '--slug', 'a'], '--topic, --slug and --title are all needed'],
			[['--topic', 'minecraft', '--slug', 'a', '--title', 'A', '--colour', 'x'], "'--colour'"],
		] as const;
		for (const [args, message] of cases) {
			const run = newArticle(...args);
			expect(run.code, args.join(' ')).toBe(1);
			expect(run.err).toContain(message);
			expect(run.out).toBe('');
		}
		expect(() => readFileSync(join(content, 'en/minecraft/a.mdx'))).toThrow();
	});

	it('never overwrites an existing article', () => {
		const file = join(content, 'en/minecraft/install-plugins.mdx');
		const before = readFileSync(file, 'utf8');
		const run = newArticle('--topic', 'minecraft', '--slug', 'install-plugins', '--title', 'New');
		expect(run.code).toBe(1);
		expect(run.err).toContain('install-plugins.mdx already exists; nothing was written');
		expect(readFileSync(file, 'utf8')).toBe(before);
	});

	it('refuses a content folder without English articles', () => {
		const elsewhere = join(content, 'elsewhere');
		mkdirSync(elsewhere);
		const previous = content;
		content = elsewhere;
		const run = newArticle('--topic', 'vps', '--slug', 'a', '--title', 'A');
		content = previous;
		expect(run.code).toBe(1);
		expect(run.err).toContain(`${join(elsewhere, 'en')} does not exist`);
		expect(readdirSync(elsewhere)).toEqual([]);
	});
});

describe('slugify', () => {
	it('turns any text into the slug it suggests', () => {
		expect(slugify('Palworld update broke your server: do this')).toBe(
			'palworld-update-broke-your-server-do-this',
		);
		expect(slugify('  Größe ändern: Øl & Brød  ')).toBe('grosse-andern-ol-brod');
		expect(slugify('---')).toBe('');
	});
});
