import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brotliForPagefind } from './precompress.ts';

let dir: string;
beforeEach(async () => {
	dir = await mkdtemp(join(tmpdir(), 'precompress-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const words = Array.from({ length: 400 }, (_, i) => `minecraft-${i % 37} server ${i}`).join(' ');

describe('brotli copies of Pagefind files', () => {
	it('holds the unpacked file, signature first, so the client skips its own gunzip', async () => {
		const plain = Buffer.from(`pagefind_dcd${words}`);
		const path = join(dir, 'en_1.pf_index');
		const gzip = gzipSync(plain, { level: 9 });
		await brotliForPagefind(path, gzip);
		const br = await readFile(`${path}.br`);
		expect(brotliDecompressSync(br).equals(plain)).toBe(true);
		expect(br.length).toBeLessThan(gzip.length);
	});

	it('refuses a gzip file that is not Pagefind’s rather than serve it broken', async () => {
		const path = join(dir, 'en_2.pf_index');
		await expect(brotliForPagefind(path, gzipSync(Buffer.from(words)))).rejects.toThrow(
			/not a Pagefind file/,
		);
		await expect(stat(`${path}.br`)).rejects.toThrow();
	});
});
