import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// The site server (server/*.ts) runs on Node's own TypeScript support, without Astro's bundler:
// every module it reaches must name relative imports with their `.ts` extension, or Node refuses
// to start ("Cannot find module …/config/variables"). Vite resolves both forms, so only a start
// of the real server found this before; this walks the same imports as Node does.

const root = fileURLToPath(new URL('..', import.meta.url));
const importPattern =
	/(?:^|\n)\s*(import|export)\s+(type\s)?[^;]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

it('every module the site server loads names its relative imports as files', () => {
	const entries = readdirSync(join(root, 'server'))
		.filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
		.map((file) => join(root, 'server', file));
	const seen = new Set<string>();
	const unresolved: string[] = [];
	const queue = [...entries];
	while (queue.length > 0) {
		const file = queue.pop()!;
		if (seen.has(file)) continue;
		seen.add(file);
		for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
			if (match[2]) continue; // `import type` is erased before Node resolves anything
			const specifier = match[3] ?? match[4]!;
			const target = join(dirname(file), specifier);
			if (existsSync(target)) queue.push(target);
			else unresolved.push(`${relative(root, file)} imports '${specifier}'`);
		}
	}
	expect(seen.size).toBeGreaterThan(entries.length);
	expect(unresolved).toEqual([]);
});
