import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** One import as written in a file, and the repository path it points at (no extension added). */
export interface Import {
	spec: string;
	target: string;
	/** `import type …` / `export type … from`: erased before anything runs. */
	typeOnly: boolean;
}

/** Every file under `dir` (repository-relative) whose name `keep` accepts. */
export function filesUnder(root: string, dir: string, keep: (name: string) => boolean): string[] {
	const found: string[] = [];
	const walk = (path: string) => {
		for (const entry of readdirSync(join(root, path), { withFileTypes: true })) {
			const child = join(path, entry.name);
			if (entry.isDirectory()) walk(child);
			else if (keep(entry.name)) found.push(child.split(sep).join('/'));
		}
	};
	walk(dir);
	return found.sort();
}

const typeOnlyImport = /^\s*(import|export)\s+type\s/;

/**
 * The imports of TypeScript source (also an .astro file's frontmatter or script), as the compiler
 * reads them: static, dynamic and re-exports, type-only ones marked. Relative paths and the `~/`
 * alias (tsconfig `paths`) resolve to repository paths; packages are left out.
 */
export function importsOf(root: string, file: string, source: string): Import[] {
	const { importedFiles } = ts.preProcessFile(source, true, true);
	const lines = source.split('\n');
	const lineStarts = lines.reduce<number[]>((starts, line, i) => {
		starts.push(i === 0 ? 0 : starts[i - 1]! + lines[i - 1]!.length + 1);
		return starts;
	}, []);
	const statementAt = (pos: number) => {
		let line = 0;
		while (line + 1 < lineStarts.length && lineStarts[line + 1]! <= pos) line++;
		// The statement may start lines above its specifier (a multi-line import list).
		let first = line;
		while (first > 0 && !/^\s*(import|export)\b/.test(lines[first]!)) first--;
		return lines[first]!;
	};
	return importedFiles.flatMap(({ fileName: spec, pos }) => {
		const base = spec.startsWith('~/')
			? join(root, 'src', spec.slice(2))
			: spec.startsWith('.')
				? resolve(root, dirname(file), spec)
				: undefined;
		if (!base) return [];
		const target = relative(root, base).split(sep).join('/');
		return [{ spec, target, typeOnly: typeOnlyImport.test(statementAt(pos)) }];
	});
}

export const readSource = (root: string, file: string) => readFileSync(join(root, file), 'utf8');
