import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// `npm run translations` as an editor runs it: a real process on a copy of the content.

const script = fileURLToPath(new URL('translations.ts', import.meta.url));
let dir: string;

beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), 'translations-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function article(path: string, frontmatter: string) {
	const file = join(dir, 'content/help', path);
	await mkdir(dirname(file), { recursive: true });
	await writeFile(file, `---\n${frontmatter}\n---\nSome text.\n`);
}

function run(...args: string[]) {
	const result = spawnSync(process.execPath, [script, ...args], { cwd: dir, encoding: 'utf8' });
	return { code: result.status, out: result.stdout, err: result.stderr };
}

/** Valheim mods: current in no, outdated in da, missing in de; an English-only Palworld article. */
async function someContent() {
	await article('en/valheim/mods.mdx', 'title: Install mods\nupdated: 2026-11-02');
	await article('no/valheim/mods.mdx', 'title: Installer modder\nupdated: 2026-11-02');
	await article('da/valheim/mods.mdx', 'title: Installer mods\nupdated: 2026-11-01');
	await article(
		'en/palworld/update-broke-it.mdx',
		'title: "Update broke it: do this"\nupdated: 2027-01-10',
	);
}

describe('npm run translations', () => {
	it('lists what is not current with the file to create or edit, then the summary; exit 0', async () => {
		await someContent();
		const { code, out, err } = run();
		expect(err).toBe('');
		expect(code).toBe(0);
		expect(out.trimEnd().split('\n')).toEqual([
			'missing   no  create content/help/no/palworld/update-broke-it.mdx  from content/help/en/palworld/update-broke-it.mdx',
			'missing   da  create content/help/da/palworld/update-broke-it.mdx  from content/help/en/palworld/update-broke-it.mdx',
			'missing   de  create content/help/de/palworld/update-broke-it.mdx  from content/help/en/palworld/update-broke-it.mdx',
			'outdated  da  edit   content/help/da/valheim/mods.mdx  from content/help/en/valheim/mods.mdx',
			'missing   de  create content/help/de/valheim/mods.mdx  from content/help/en/valheim/mods.mdx',
			'Translations: 1 current, 1 outdated, 4 missing (2 articles × 3 locales)',
		]);
	});

	it('prints the whole status as JSON with --json, from the folder --content names', async () => {
		await someContent();
		const copy = join(dir, 'copy');
		await rename(join(dir, 'content/help'), copy);
		const { code, out } = run('--json', '--content', `${copy}/`);
		expect(code).toBe(0);
		const status = JSON.parse(out) as unknown;
		expect(status).toEqual({
			articles: [
				{
					slug: 'palworld/update-broke-it',
					title: 'Update broke it: do this',
					english: `${copy}/en/palworld/update-broke-it.mdx`,
					locales: {
						no: { state: 'missing', file: `${copy}/no/palworld/update-broke-it.mdx` },
						da: { state: 'missing', file: `${copy}/da/palworld/update-broke-it.mdx` },
						de: { state: 'missing', file: `${copy}/de/palworld/update-broke-it.mdx` },
					},
				},
				{
					slug: 'valheim/mods',
					title: 'Install mods',
					english: `${copy}/en/valheim/mods.mdx`,
					locales: {
						no: { state: 'current', file: `${copy}/no/valheim/mods.mdx` },
						da: { state: 'outdated', file: `${copy}/da/valheim/mods.mdx` },
						de: { state: 'missing', file: `${copy}/de/valheim/mods.mdx` },
					},
				},
			],
			summary: { current: 1, outdated: 1, missing: 4 },
		});
	});

	it('names a file whose frontmatter it cannot read and goes on', async () => {
		await article('en/rust/wipe.mdx', 'title: Wipe your server\nupdated: 2026-11-01');
		await article('no/rust/wipe.mdx', 'title: Tøm serveren\nupdated: soon');
		await article('da/rust/wipe.mdx', 'title: [unclosed\nupdated: 2026-11-01');
		await article('de/rust/wipe.mdx', 'updated: 2026-11-01');
		const { code, out, err } = run();
		expect(code).toBe(0);
		expect(err.trimEnd().split('\n').sort()).toEqual(
			['da', 'de', 'no'].map(
				(locale) =>
					`content/help/${locale}/rust/wipe.mdx: skipped, its frontmatter has no valid title or updated date (npm run build names the fix)`,
			),
		);
		expect(out).toContain('Translations: 0 current, 0 outdated, 3 missing (1 article × 3 locales)');
	});

	it('fails only when the folder cannot be read, saying which', () => {
		const { code, err } = run('--content', join(dir, 'nothing-here'));
		expect(code).toBe(1);
		expect(err).toContain(`Cannot read the help articles in ${join(dir, 'nothing-here')}`);
	});
});
