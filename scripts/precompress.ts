import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { AstroIntegration } from 'astro';

const compressible = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg']);
const pagefindData = new Set(['.pagefind', '.pf_meta', '.pf_index', '.pf_fragment']);
/** What Pagefind's client looks for to know the browser already decompressed a file. */
const pagefindSignature = 'pagefind_dcd';

const brotli = (body: Buffer) =>
	brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });

async function* files(dir: string): AsyncGenerator<string> {
	for (const entry of await readdir(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) yield* files(path);
		else yield path;
	}
}

async function compressText(path: string, body: Buffer) {
	const br = brotli(body);
	const gz = gzipSync(body, { level: 9 });
	if (br.length < body.length) await writeFile(`${path}.br`, br);
	if (gz.length < body.length) await writeFile(`${path}.gz`, gz);
}

/**
 * Pagefind writes its index and wasm gzipped and unpacks them in the browser. Unpacked and
 * brotli-compressed instead they are 10–15 % smaller (the first help search fetches about
 * 12 KB less); served with `Content-Encoding: br`, the browser unpacks them and Pagefind's
 * client sees its signature and skips its own gunzip. Clients without brotli get the gzip file.
 */
export async function brotliForPagefind(path: string, body: Buffer) {
	const plain = gunzipSync(body);
	if (plain.subarray(0, pagefindSignature.length).toString() !== pagefindSignature)
		throw new Error(`${path} is not a Pagefind file (no ${pagefindSignature} signature)`);
	const br = brotli(plain);
	if (br.length < body.length) await writeFile(`${path}.br`, br);
}

/** Writes `.br` and `.gz` beside every text file of the built site, so the server never compresses per request. */
export function precompress(): AstroIntegration {
	return {
		name: 'precompress',
		hooks: {
			'astro:build:done': async ({ dir }) => {
				for await (const path of files(fileURLToPath(dir))) {
					const type = extname(path);
					if (pagefindData.has(type)) await brotliForPagefind(path, await readFile(path));
					else if (compressible.has(type) && (await stat(path)).size >= 512)
						await compressText(path, await readFile(path));
				}
			},
		},
	};
}
