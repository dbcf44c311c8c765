import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AstroIntegration } from 'astro';

const compressible = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg']);

async function* files(dir: string): AsyncGenerator<string> {
	for (const entry of await readdir(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) yield* files(path);
		else yield path;
	}
}

/** Writes `.br` and `.gz` beside every text file of the built site, so the server never compresses per request. */
export function precompress(): AstroIntegration {
	return {
		name: 'precompress',
		hooks: {
			'astro:build:done': async ({ dir }) => {
				for await (const path of files(fileURLToPath(dir))) {
					if (!compressible.has(extname(path)) || (await stat(path)).size < 512) continue;
					const body = await readFile(path);
					const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
					const gz = gzipSync(body, { level: 9 });
					if (br.length < body.length) await writeFile(`${path}.br`, br);
					if (gz.length < body.length) await writeFile(`${path}.gz`, gz);
				}
			},
		},
	};
}
