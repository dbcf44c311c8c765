import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { median } from '../lib/locations/latency';
import { $latency, $latencyRunning, checkLatency, timedTries, timeAddress } from './latency';

// The browser's latency check: the median of a few timed requests per location, "unreachable"
// where nothing answers, and requests that carry nothing of the visitor's.

/** A network on a fake clock: each request to a URL takes its next duration; 'down' fails all. */
function fakeNetwork(durations: Record<string, number[] | 'down'>) {
	let now = 0;
	const asked: { url: string; init?: RequestInit }[] = [];
	const fetcher = ((url: string, init?: RequestInit) => {
		asked.push({ url, init });
		const plan = durations[url];
		if (plan === 'down' || !plan) return Promise.reject(new TypeError('Failed to fetch'));
		now += plan.shift() ?? 0;
		return Promise.resolve(new Response(null, { status: 200 }));
	}) as typeof fetch;
	return { asked, fetcher, clock: () => now };
}

afterEach(() => cleanStores($latency, $latencyRunning));

describe('the median', () => {
	it('is the middle value, or the mean of the middle two', () => {
		expect(median([30, 10, 20])).toBe(20);
		expect(median([40, 10, 30, 20])).toBe(25);
		expect(() => median([])).toThrow();
	});
});

describe('timing a location', () => {
	it('leaves the first request (the connection) out and takes the median of the rest', async () => {
		const net = fakeNetwork({ 'https://a.example/ping': [900, 20, 24, 200, 22, 21] });
		expect(await timeAddress('https://a.example/ping', net.fetcher, net.clock)).toBe(22);
		expect(net.asked).toHaveLength(1 + timedTries);
	});

	it('sends no cookies, no referrer and reads nothing back', async () => {
		const net = fakeNetwork({ 'https://a.example/ping': [1, 1, 1, 1, 1, 1] });
		await timeAddress('https://a.example/ping', net.fetcher, net.clock);
		expect(net.asked[0]!.init).toMatchObject({
			mode: 'no-cors',
			cache: 'no-store',
			credentials: 'omit',
			referrerPolicy: 'no-referrer',
		});
	});

	it('is unreachable when the first request fails', async () => {
		const net = fakeNetwork({ 'https://a.example/ping': 'down' });
		expect(await timeAddress('https://a.example/ping', net.fetcher, net.clock)).toBeNull();
		expect(net.asked).toHaveLength(1);
	});
});

describe('checking every location', () => {
	it('shows each one’s result, one after another, and can run again once done', async () => {
		const net = fakeNetwork({
			'https://oslo.example/ping': [5, 12, 12, 12, 12, 12],
			'https://far.example/ping': 'down',
		});
		const probes = [
			{ id: 'oslo', testAddress: 'https://oslo.example/ping' },
			{ id: 'far', testAddress: 'https://far.example/ping' },
		];
		const running = checkLatency(probes, net.fetcher, net.clock);
		expect($latency.get()).toEqual({ oslo: { state: 'measuring' }, far: { state: 'measuring' } });
		await checkLatency(probes, net.fetcher, net.clock); // ignored while the first runs
		await running;
		expect($latency.get()).toEqual({
			oslo: { state: 'done', ms: 12 },
			far: { state: 'unreachable' },
		});
		expect($latencyRunning.get()).toBe(false);
		expect(net.asked.map((a) => new URL(a.url).host)).toEqual([
			...Array<string>(1 + timedTries).fill('oslo.example'),
			'far.example',
		]);
	});
});
