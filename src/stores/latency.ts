import { atom, map } from 'nanostores';
import { median } from '../lib/locations/latency';

// The latency check of /locations, run by the visitor in their own browser: each location's test
// address is fetched a few times and the median shown. The requests go straight to the locations
// (no cookies, no referrer, nothing about the result comes back to the shop) and the results live
// only in this page's memory.

export type LatencyResult =
	{ state: 'measuring' } | { state: 'done'; ms: number } | { state: 'unreachable' };

export interface Probe {
	id: string;
	testAddress: string;
}

/** Timed requests per location, after one that opens the connection and is not counted. */
export const timedTries = 5;
/** A location that has not answered in this long is unreachable from here. */
const timeoutMs = 5000;

export const $latency = map<Record<string, LatencyResult>>({});
export const $latencyRunning = atom(false);

/** The median time of `timedTries` requests to `address` in ms; null when it does not answer. */
export async function timeAddress(
	address: string,
	fetcher: typeof fetch = fetch,
	clock: () => number = () => performance.now(),
): Promise<number | null> {
	const request = () =>
		fetcher(address, {
			mode: 'no-cors',
			cache: 'no-store',
			credentials: 'omit',
			referrerPolicy: 'no-referrer',
			signal: AbortSignal.timeout(timeoutMs),
		});
	try {
		await request();
	} catch {
		return null;
	}
	const times: number[] = [];
	for (let i = 0; i < timedTries; i++) {
		const started = clock();
		try {
			await request();
			times.push(clock() - started);
		} catch {
			// one lost request is no verdict; the others still count
		}
	}
	return times.length ? Math.round(median(times)) : null;
}

/**
 * Measures every location, one after another (at once they would share the visitor's line and
 * slow each other down). A second start while one runs is ignored.
 */
export async function checkLatency(
	probes: readonly Probe[],
	fetcher?: typeof fetch,
	clock?: () => number,
): Promise<void> {
	if ($latencyRunning.get()) return;
	$latencyRunning.set(true);
	for (const probe of probes) $latency.setKey(probe.id, { state: 'measuring' });
	try {
		for (const probe of probes) {
			const ms = await timeAddress(probe.testAddress, fetcher, clock);
			$latency.setKey(probe.id, ms === null ? { state: 'unreachable' } : { state: 'done', ms });
		}
	} finally {
		$latencyRunning.set(false);
	}
}
