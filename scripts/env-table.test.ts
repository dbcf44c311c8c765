import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { variables } from '../src/server/config/variables.ts';
import { envTable } from './env-table.ts';

// docs/operations.md shows every environment variable as `node scripts/env-table.ts` prints it from
// the registry, and the registry names every variable the server code reads.

const root = fileURLToPath(new URL('..', import.meta.url));
const docPath = join(root, 'docs/operations.md');
const start = '<!-- env-table:start -->';
const end = '<!-- env-table:end -->';

function pasted(): string | undefined {
	const doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '';
	const from = doc.indexOf(start);
	const to = doc.indexOf(end);
	if (from === -1 || to < from) return undefined;
	return doc.slice(from + start.length, to).trim();
}

/** Source files of the site server and its routes, tests left out. */
function sourceFiles(): string[] {
	const files: string[] = [];
	const walk = (dir: string) => {
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			const path = join(dir, entry.name);
			if (entry.isDirectory()) walk(path);
			else if (/\.(ts|mjs|astro)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
				files.push(path);
		}
	};
	for (const dir of ['src/server', 'server', 'src/pages']) walk(join(root, dir));
	files.push(join(root, 'src/middleware.ts'), join(root, 'astro.config.mjs'));
	return files;
}

// `process.env.X`, `env.X` (any object holding the environment, `import.meta.env` too) and
// `env['X']`; in a server file that reads the environment, also a quoted NAME_WITH_UNDERSCORES
// handed to a helper (`value('SELLER_NAME')`, a list of setting names).
const dotted = /\benv\.([A-Z][A-Z0-9_]*)\b/g;
const bracketed = /\benv\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\]/g;
const quoted = /['"`]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)['"`]/g;
/** `setting('X')` and `numberSetting('X', …)`, the registry's own readers. */
const viaSetting = /\b(?:setting|numberSetting)\(\s*['"`]([A-Z][A-Z0-9_]*)['"`]/g;
/** Vite's and Astro's own `import.meta.env` values, which are no operator's setting. */
const builtIn = new Set(['DEV', 'PROD', 'SSR', 'MODE', 'BASE_URL', 'SITE', 'ASSETS_PREFIX']);

function readNames(): Map<string, string[]> {
	const found = new Map<string, string[]>();
	for (const file of sourceFiles()) {
		const text = readFileSync(file, 'utf8');
		const server = /^(src\/server|server)\//.test(relative(root, file));
		const readsEnv = /process\.env|\benv\[/.test(text);
		const patterns = server && readsEnv ? [dotted, bracketed, quoted] : [dotted, bracketed];
		patterns.push(viaSetting);
		for (const pattern of patterns)
			for (const [, name] of text.matchAll(pattern)) {
				if (!name || builtIn.has(name)) continue;
				found.set(name, [...(found.get(name) ?? []), relative(root, file)]);
			}
	}
	return found;
}

describe('docs/operations.md, every environment variable', () => {
	it('shows exactly what node scripts/env-table.ts prints', () => {
		const block = pasted();
		expect(block, `docs/operations.md needs the markers ${start} and ${end}`).toBeDefined();
		expect(
			block,
			'The variable table in docs/operations.md is out of date: run `node scripts/env-table.ts` and paste its output between the markers',
		).toBe(envTable().trim());
	});

	it('names every variable of the registry', () => {
		const block = pasted() ?? '';
		const missing = variables.filter((v) => !block.includes(`| \`${v.name}\``)).map((v) => v.name);
		expect(missing, 'variables missing from the table in docs/operations.md').toEqual([]);
	});
});

describe('the registry (src/server/config/variables.ts)', () => {
	const registered = new Set<string>(variables.map((variable) => variable.name));
	const read = readNames();

	it('has every variable the server code reads', () => {
		const unregistered = [...read]
			.filter(([name]) => !registered.has(name))
			.map(([name, files]) => `${name} (${[...new Set(files)].join(', ')})`);
		expect(unregistered, 'read but not in the registry: add them to variables.ts').toEqual([]);
	});

	it('has no variable the code no longer reads', () => {
		const stale = [...registered].filter((name) => !read.has(name));
		expect(stale, 'in the registry but read nowhere: remove them or read them').toEqual([]);
	});

	it('lists each variable once', () => {
		expect(variables.length).toBe(registered.size);
	});

	it('is how src/server reads a setting: no file there reads process.env.NAME itself', () => {
		const own = sourceFiles()
			.map((file) => relative(root, file))
			.filter((file) => file.startsWith('src/server/') && file !== 'src/server/config/variables.ts')
			.filter((file) => /process\.env\.[A-Z]/.test(readFileSync(join(root, file), 'utf8')));
		expect(own, "read it with setting('NAME') from src/server/config/variables.ts").toEqual([]);
	});
});
