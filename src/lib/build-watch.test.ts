import { describe, expect, it, vi } from 'vitest';
import { chunkReloadKey, createBuildWatch, isChunkLoadError } from './build-watch';

function setup(latest: string | null | Error, now = 100_000) {
	const store = new Map<string, string>();
	const load = vi.fn();
	const clock = { now };
	const watch = createBuildWatch({
		current: 'build-1',
		latest: () => (latest instanceof Error ? Promise.reject(latest) : Promise.resolve(latest)),
		load,
		storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
		now: () => clock.now,
	});
	return { watch, load, store, clock };
}

describe('createBuildWatch', () => {
	it('stays put while the latest build is this one, or cannot be read', async () => {
		for (const latest of ['build-1', null, new Error('offline')]) {
			const { watch, load } = setup(latest);
			expect(await watch.check()).toBe(false);
			expect(watch.navigate('/panel/billing?page=2')).toBe(false);
			expect(load).not.toHaveBeenCalled();
		}
	});

	it('turns the next navigation into a full load once a new build is out', async () => {
		const { watch, load } = setup('build-2');
		expect(await watch.check()).toBe(true);
		expect(watch.isStale()).toBe(true);
		expect(load).not.toHaveBeenCalled();
		expect(watch.navigate('/panel/billing?page=2')).toBe(true);
		expect(load).toHaveBeenCalledWith('/panel/billing?page=2');
	});

	it('stays stale when an older check answers after a newer one', async () => {
		const answers: Array<(id: string) => void> = [];
		const watch = createBuildWatch({
			current: 'build-1',
			latest: () => new Promise((resolve) => answers.push(resolve)),
			load: vi.fn(),
			storage: { getItem: () => null, setItem: () => undefined },
			now: () => 0,
		});
		const first = watch.check();
		const second = watch.check();
		answers[1]?.('build-2');
		expect(await second).toBe(true);
		answers[0]?.('build-1');
		expect(await first).toBe(true);
		expect(watch.isStale()).toBe(true);
	});

	it('reloads once for a failed chunk, not again within 10 s, then again after', () => {
		const { watch, load, store, clock } = setup('build-1');
		expect(watch.chunkFailed()).toBe(true);
		expect(store.get(chunkReloadKey)).toBe('100000');
		clock.now += 9_999;
		expect(watch.chunkFailed()).toBe(false);
		clock.now += 1;
		expect(watch.chunkFailed()).toBe(true);
		expect(load).toHaveBeenCalledTimes(2);
		expect(load).toHaveBeenCalledWith();
	});
});

describe('isChunkLoadError', () => {
	it('knows the browsers’ messages and nothing else', () => {
		expect(
			isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_astro/x.js')),
		).toBe(true);
		expect(isChunkLoadError('Importing a module script failed.')).toBe(true);
		expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
		expect(isChunkLoadError(new Error('Network request failed'))).toBe(false);
	});
});
