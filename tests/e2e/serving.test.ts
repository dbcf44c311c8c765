import { expect, test } from './test';

test('pages and assets are served compressed, with caching that fits each', async ({ request }) => {
	const page = await request.get('/games', { headers: { 'Accept-Encoding': 'br, gzip' } });
	expect(page.headers()['content-encoding']).toBe('br');
	expect(page.headers()['cache-control']).toBe('no-cache');
	const asset = (await page.text()).match(/href="(\/_astro\/[^"]+\.css)"/)![1]!;
	const css = await request.get(asset, { headers: { 'Accept-Encoding': 'gzip' } });
	expect(css.headers()['content-encoding']).toBe('gzip');
	expect(css.headers()['cache-control']).toContain('immutable');
	const plain = await request.get(asset, { headers: { 'Accept-Encoding': 'identity' } });
	expect(plain.headers()['content-encoding']).toBeUndefined();
	expect(await plain.text()).toContain('{');
});

test('paths outside the built site are never served', async ({ request }) => {
	for (const path of [
		'/..%2f..%2fetc%2fpasswd',
		'/_astro/..%2f..%2fpackage.json',
		'/%2e%2e/server/entry.mjs',
	]) {
		const response = await request.get(path);
		expect(response.status(), path).toBe(404);
		expect(await response.text(), path).not.toMatch(/"dependencies"|root:x:0/);
	}
});

test('a trailing slash redirects to the canonical path', async ({ request }) => {
	const response = await request.get('/da/games/?x=1', { maxRedirects: 0 });
	expect(response.status()).toBe(301);
	expect(response.headers()['location']).toBe('/da/games?x=1');
});
