import { pageWeight } from '../../scripts/bench/page-weight';
import { gamePageJsBudget } from '../../scripts/storefront-bundle';
import { expect, test } from './test';

// A visitor choosing a server waits for every byte: a game page ships at most 70 KB of brotli
// JavaScript, React included, measured as `npm run bench` measures it (every script the page and
// its islands load, dynamic imports included). Which libraries stay out is the build's own check
// (scripts/storefront-bundle.ts).
for (const path of ['/palworld-server-hosting', '/de/minecraft-server-hosting']) {
	test(`${path} ships at most 70 KB of brotli JavaScript`, async ({ baseURL }) => {
		const weight = await pageWeight(baseURL!, path);
		expect(weight.jsBrotli).toBeLessThanOrEqual(gamePageJsBudget);
	});
}
