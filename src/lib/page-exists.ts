import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

// Whether a locale-free path is a page of the site, by the files in src/pages/[...locale]: each
// segment is a folder or file of that name, or, for a record's id (a uuid), a `[param]` one: a word
// such as `invoices` never matches `[page].astro`, whose pages are a fixed list. Used by the tests
// that check the links the site writes (src/server/mail/links.test.ts) without a build.

const pagesDir = join(import.meta.dirname, '..', 'pages', '[...locale]');

function matches(dir: string, segments: string[]): boolean {
	const [segment, ...rest] = segments;
	if (segment === undefined) return existsSync(join(dir, 'index.astro'));
	const entries = readdirSync(dir, { withFileTypes: true });
	const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment);
	const dynamic = (name: string) => isId && /^\[[^.\]][^\]]*\]$/.test(name);
	return entries.some((entry) => {
		if (entry.isDirectory())
			return (
				(entry.name === segment || dynamic(entry.name)) && matches(join(dir, entry.name), rest)
			);
		if (rest.length > 0 || !entry.name.endsWith('.astro')) return false;
		const name = entry.name.slice(0, -'.astro'.length);
		return name === segment || dynamic(name);
	});
}

/** True when `path` (locale-free, no query) is served by a page under src/pages/[...locale]. */
export function isPagePath(path: string): boolean {
	return matches(pagesDir, path.split('/').filter(Boolean));
}
