import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Each folder of src/server has a README naming each of its source files (tests aside), so the
// map a reader starts from is the code that is there: a file added or moved without its line fails.

const server = fileURLToPath(new URL('../src/server/', import.meta.url));
const folders = readdirSync(server, { withFileTypes: true })
	.filter((entry) => entry.isDirectory())
	.map((entry) => entry.name);

function sources(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return sources(path);
		return /\.(ts|tsx|sql)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
	});
}

describe('src/server folder READMEs', () => {
	it.each(folders)('%s/README.md names each of its files', (folder) => {
		const dir = join(server, folder);
		const readme = join(dir, 'README.md');
		expect(existsSync(readme), `${folder} has no README.md`).toBe(true);
		// A subfolder with a README of its own may name its files there instead.
		const readmes = (file: string) => {
			const parts = relative(dir, dirname(file)).split(sep).filter(Boolean);
			return parts
				.map((_, i) => join(dir, ...parts.slice(0, i + 1), 'README.md'))
				.concat(readme)
				.filter((path) => existsSync(path))
				.map((path) => readFileSync(path, 'utf8'));
		};
		const unnamed = sources(dir)
			.filter((file) => !readmes(file).some((text) => text.includes(basename(file))))
			.map((file) => relative(dir, file));
		expect(unnamed, `files ${folder}/README.md does not name`).toEqual([]);
	});
});
