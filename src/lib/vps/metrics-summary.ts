// What a VPS graph says in words (for screen readers and at a glance on a phone), and the
// numbers drawn: average and peak of a series, byte rates and sizes in readable units (the axes
// and the line: graph-axes.ts).

export interface Summary {
	average: number;
	peak: number;
}

/** Average and peak of the values present; null when the series has none. */
export function summarise(values: readonly (number | null)[]): Summary | null {
	const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
	if (!present.length) return null;
	const total = present.reduce((sum, v) => sum + v, 0);
	return { average: total / present.length, peak: Math.max(...present) };
}

const units = ['B', 'kB', 'MB', 'GB', 'TB'];

/**
 * `1.5 MB` in the visitor's number format: decimal units, as network speeds are told; memory in
 * steps of 1024 (`base`), as plans are sold, so a 2 GB machine's memory reads 2 GB.
 */
export function formatBytes(bytes: number, intl: string, base: 1000 | 1024 = 1000): string {
	let value = bytes;
	let unit = 0;
	while (value >= base && unit < units.length - 1) {
		value /= base;
		unit += 1;
	}
	const digits = value < 10 && unit > 0 ? 1 : 0;
	const number = new Intl.NumberFormat(intl, { maximumFractionDigits: digits }).format(value);
	return `${number} ${units[unit]}`;
}

export function formatPercent(share: number, intl: string): string {
	return new Intl.NumberFormat(intl, { style: 'percent', maximumFractionDigits: 0 }).format(share);
}

/** Whole days, hours and minutes of an uptime. */
export function uptimeParts(seconds: number): { days: number; hours: number; minutes: number } {
	return {
		days: Math.floor(seconds / 86_400),
		hours: Math.floor((seconds % 86_400) / 3600),
		minutes: Math.floor((seconds % 3600) / 60),
	};
}
