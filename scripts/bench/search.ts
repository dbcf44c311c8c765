import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import * as pagefind from 'pagefind';
import { chromiumFlags, chromiumPath } from '../chromium.ts';

const launch = { executablePath: chromiumPath, args: chromiumFlags };

/** Bytes the browser transfers for Pagefind (code, index, fragments) on a first search, per locale. */
export async function firstSearchBytes(
	origin: string,
	searches: { path: string; query: string }[],
) {
	const browser = await chromium.launch(launch);
	const rows = [];
	try {
		for (const { path, query } of searches) {
			const page = await browser.newPage();
			let bytes = 0;
			page.on('response', (response) => {
				if (!response.url().includes('/pagefind/')) return;
				void response.body().then(
					(body) => (bytes += Number(response.headers()['content-length'] ?? body.length)),
					() => undefined,
				);
			});
			await page.goto(origin + path);
			await page.getByRole('searchbox').fill(query);
			await page.locator('#help-search-results a').first().waitFor();
			await page.waitForLoadState('networkidle');
			rows.push({ page: path, query, 'search KB': (bytes / 1024).toFixed(1) });
			await page.close();
		}
	} finally {
		await browser.close();
	}
	return rows;
}

/** How long Pagefind takes to index the built site (what it adds to the build). */
export async function pagefindSeconds(siteDir: string): Promise<number> {
	const out = await mkdtemp(join(tmpdir(), 'pagefind-'));
	const started = performance.now();
	const { index } = await pagefind.createIndex({});
	await index!.addDirectory({ path: siteDir });
	await index!.writeFiles({ outputPath: out });
	await pagefind.close();
	const seconds = (performance.now() - started) / 1000;
	await rm(out, { recursive: true, force: true });
	return seconds;
}
