import { mkdir, writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';

/**
 * The build's id, known from the start so pages can carry it (`__BUILD_ID__`), and written into
 * the built client folder as `builds/latest.json`: open panels poll that file (with a timestamp
 * query) and reload at their next navigation once it names another build.
 */
export function buildVersion(): AstroIntegration {
	const builtAt = new Date().toISOString();
	const id = process.env.BUILD_ID ?? builtAt.replace(/\D/g, '');
	return {
		name: 'build-version',
		hooks: {
			'astro:config:setup': ({ updateConfig }) => {
				updateConfig({ vite: { define: { __BUILD_ID__: JSON.stringify(id) } } });
			},
			'astro:build:done': async ({ dir }) => {
				const folder = new URL('builds/', dir);
				await mkdir(folder, { recursive: true });
				await writeFile(new URL('latest.json', folder), JSON.stringify({ id, builtAt }) + '\n');
			},
		},
	};
}
