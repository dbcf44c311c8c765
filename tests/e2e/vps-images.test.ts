import { readdir, readFile } from 'node:fs/promises';
import images from '../../content/catalogue/vps-images.json' with { type: 'json' };
import { expect, test } from './test';

// GET /api/vps/images through the running site: the images a VPS can be ordered with, as anyone may
// see them (never the nodes or template VMIDs behind them), the same for everyone and cacheable.

test('GET /api/vps/images lists the images without operator internals, cacheable', async ({
	request,
}) => {
	const answer = await request.get('/api/vps/images');
	expect(answer.status()).toBe(200);
	const headers = answer.headers();
	expect(headers['content-type']).toMatch(/^application\/json/);
	expect(headers['cache-control']).toBe('public, max-age=3600');
	expect(headers['set-cookie']).toBeUndefined();
	expect(headers['x-content-type-options']).toBe('nosniff');
	const { images } = (await answer.json()) as { images: Record<string, unknown>[] };
	expect(images.map((image) => image.id)).toEqual([
		'debian-12',
		'ubuntu-24.04',
		'rocky-9',
		'alma-9',
		'windows-server-2022',
	]);
	for (const image of images)
		expect(Object.keys(image).sort()).toEqual(['family', 'id', 'minRamGb', 'name', 'os', 'user']);
	expect(images[4]).toEqual({
		id: 'windows-server-2022',
		name: 'Windows Server 2022',
		family: 'windows',
		os: 'windows',
		user: 'Administrator',
		minRamGb: 4,
	});
	expect(JSON.stringify(images)).not.toMatch(/pve1|9012|templates/);
});

test('no browser script carries the nodes the image templates live on', async () => {
	// The islands get the images' public facts as props; the catalogue file stays on the server.
	const nodes = [...new Set(images.flatMap((image) => Object.keys(image.templates)))];
	const dir = new URL('../../dist/client/_astro/', import.meta.url);
	const scripts = (await readdir(dir)).filter((name) => name.endsWith('.js'));
	expect(scripts.length).toBeGreaterThan(0);
	for (const name of scripts) {
		const text = await readFile(new URL(name, dir), 'utf8');
		for (const node of nodes)
			expect(text.includes(`"${node}"`) || text.includes(`${node}:`), name).toBe(false);
	}
});
