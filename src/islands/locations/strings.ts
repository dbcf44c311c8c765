/** The UI strings the latency check uses, and nothing else (islands never get a whole dictionary). */
export const latencyKeys = [
	'locations.latency.start',
	'locations.latency.again',
	'locations.latency.measuring',
	'locations.latency.unreachable',
	'locations.latency.notMeasured',
	'locations.latency.location',
	'locations.latency.result',
	'locations.latency.done',
	'locations.latency.title',
] as const;

export type LatencyStrings = Record<(typeof latencyKeys)[number], string>;
