import { afterEach, describe, expect, it, vi } from 'vitest';
import {
	$chosen,
	$filters,
	$results,
	$versions,
	choosePack,
	filterQuery,
	setFilters,
	startSearch,
} from './modpack-search';

const pack = (id: string, name: string) => ({
	id,
	name,
	author: 'modrinth-user',
	summary: 'A pack',
	icon: null,
	downloads: 1000,
	loaders: ['fabric' as const],
	gameVersions: ['1.21.4'],
});

afterEach(() => {
	vi.useRealTimers();
	$filters.set({ q: '', loader: '', gameVersion: '' });
});

describe('the modpack search', () => {
	it('names only the filters that are set', () => {
		expect(filterQuery({ q: '  ', loader: '', gameVersion: '' })).toBe('');
		expect(filterQuery({ q: 'all the mods', loader: 'neoforge', gameVersion: '1.21.1' })).toBe(
			'?q=all+the+mods&loader=neoforge&gameVersion=1.21.1',
		);
	});

	it('lists the most popular packs first, then searches once typing pauses, dropping older answers', async () => {
		vi.useFakeTimers();
		const urls: string[] = [];
		const fetcher = ((url: string) => {
			urls.push(url);
			const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
			return Promise.resolve(Response.json({ modpacks: [pack('AANobbMI', q || 'Popular')] }));
		}) as typeof fetch;
		await startSearch('offline', fetcher);
		expect(urls).toEqual(['/api/modpacks']);
		setFilters({ q: 'f' });
		setFilters({ q: 'fa' });
		setFilters({ q: 'fab', loader: 'fabric' });
		await vi.advanceTimersByTimeAsync(349);
		expect(urls).toHaveLength(1);
		await vi.advanceTimersByTimeAsync(1);
		expect(urls).toEqual(['/api/modpacks', '/api/modpacks?q=fab&loader=fabric']);
		expect($results.get()).toMatchObject({ state: 'ready', data: { modpacks: [{ name: 'fab' }] } });
	});

	it('shows a chosen pack’s versions on the filtered loader and Minecraft version', async () => {
		const urls: string[] = [];
		const fetcher = ((url: string) => {
			urls.push(url);
			return Promise.resolve(Response.json({ versions: [] }));
		}) as typeof fetch;
		await startSearch('offline', fetcher);
		$filters.set({ q: 'x', loader: 'fabric', gameVersion: '1.21.4' });
		await choosePack(pack('AANobbMI', 'Fabulously Optimized'));
		expect(urls.at(-1)).toBe('/api/modpacks/AANobbMI/versions?loader=fabric&gameVersion=1.21.4');
		expect($versions.get()).toEqual({ state: 'ready', data: { versions: [] } });
		await choosePack(null);
		expect($chosen.get()).toBeNull();
	});

	it('says why a search failed, in the server’s words', async () => {
		const fetcher = (() =>
			Promise.resolve(
				Response.json(
					{ error: { code: 'modpack_source_unavailable', message: 'Modrinth is not answering' } },
					{ status: 503 },
				),
			)) as unknown as typeof fetch;
		await startSearch('offline', fetcher);
		expect($results.get()).toEqual({
			state: 'error',
			message: 'Modrinth is not answering',
			notFound: false,
		});
	});
});
