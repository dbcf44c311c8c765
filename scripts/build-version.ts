import { mkdir, writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';

/**
 * Writes `builds/latest.json` into the built client folder: the panel polls it (with a timestamp
 * query) to notice a new deployment and reload.
 */
export function buildVersion(): AstroIntegration {
	return {
		name: 'build-version',
		hooks: {
			'astro:build:done': async ({ dir }) => {
				const folder = new URL('builds/', dir);
				await mkdir(folder, { recursive: true });
				const builtAt = new Date().toISOString();
				const id = process.env.BUILD_ID ?? builtAt.replace(/\D/g, '');
				await writeFile(new URL('latest.json', folder), JSON.stringify({ id, builtAt }) + '\n');
			},
		},
	};
}
