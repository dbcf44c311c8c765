// A fixed number of requests at a fixed concurrency, against one server and then spread round-robin
// over two: requests per second and latency percentiles. Figures to read, never assertions: the
// load generator and the local backend share this process and the machine's cores with the
// servers measured.

export interface Workload {
	name: string;
	/** The request for one origin (a path and its init), the same on every server. */
	request(origin: string): { url: string; init: RequestInit };
}

export interface ThroughputRow {
	workload: string;
	servers: number;
	requests: number;
	concurrency: number;
	'req/s': number;
	'p50 ms': number;
	'p99 ms': number;
	failures: number;
}

const percentile = (sorted: number[], p: number) =>
	sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

async function one(workload: Workload, origin: string): Promise<{ ms: number; ok: boolean }> {
	const { url, init } = workload.request(origin);
	const t0 = performance.now();
	try {
		const response = await fetch(url, init);
		await response.arrayBuffer();
		return { ms: performance.now() - t0, ok: response.ok };
	} catch {
		return { ms: performance.now() - t0, ok: false };
	}
}

/** `requests` requests, `concurrency` in flight, the i-th to origins[i % origins.length]. */
export async function measure(
	workload: Workload,
	origins: string[],
	requests: number,
	concurrency: number,
): Promise<ThroughputRow> {
	const latencies: number[] = [];
	let failures = 0;
	let next = 0;
	const worker = async () => {
		while (next < requests) {
			const i = next++;
			const { ms, ok } = await one(workload, origins[i % origins.length]!);
			latencies.push(ms);
			if (!ok) failures++;
		}
	};
	const t0 = performance.now();
	await Promise.all(Array.from({ length: Math.min(concurrency, requests) }, worker));
	const seconds = (performance.now() - t0) / 1000;
	const sorted = latencies.toSorted((a, b) => a - b);
	return {
		workload: workload.name,
		servers: origins.length,
		requests,
		concurrency,
		'req/s': Number((requests / seconds).toFixed(1)),
		'p50 ms': Number(percentile(sorted, 50).toFixed(1)),
		'p99 ms': Number(percentile(sorted, 99).toFixed(1)),
		failures,
	};
}

/** Each workload warmed on every server, then measured on the first alone and on all. */
export async function compare(
	workloads: Workload[],
	origins: string[],
	requests: number,
	concurrency: number,
): Promise<ThroughputRow[]> {
	const rows: ThroughputRow[] = [];
	for (const workload of workloads) {
		for (const origin of origins) await measure(workload, [origin], 20, 4);
		rows.push(await measure(workload, origins.slice(0, 1), requests, concurrency));
		rows.push(await measure(workload, origins, requests, concurrency));
	}
	return rows;
}
