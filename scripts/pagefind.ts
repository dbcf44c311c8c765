import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';

/**
 * Builds the help centre's search index after the site: only what pages mark with
 * `data-pagefind-body` (article bodies in their page's language; an English article shown in
 * another locale until translated has none), one index per `<html lang>`.
 */
export function pagefindIndex(): AstroIntegration {
	return {
		name: 'pagefind',
		hooks: {
			'astro:build:done': async ({ dir, logger }) => {
				const site = fileURLToPath(dir);
				const started = performance.now();
				const { index, errors } = await pagefind.createIndex({});
				if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
				const added = await index.addDirectory({ path: site });
				if (added.errors.length) throw new Error(`Pagefind: ${added.errors.join('; ')}`);
				const written = await index.writeFiles({ outputPath: `${site}/pagefind` });
				if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
				await pagefind.close();
				logger.info(
					`indexed ${added.page_count} pages in ${Math.round(performance.now() - started)} ms`,
				);
			},
		},
	};
}
