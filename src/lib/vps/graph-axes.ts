// A VPS graph's axes and line: values from zero to a round top, labelled in the series' unit;
// time labelled at round times in the reader's zone (its name said once); each point drawn where
// its time falls between the series' first and last point, so a young machine's short series
// fills the graph instead of sitting at one end of an empty day.

/** A labelled mark, `at` from 0 (the axis' start: the bottom, or the first point) to 1. */
export interface Tick {
	at: number;
	label: string;
}

export interface TimeAxis {
	ticks: Tick[];
	/** The zone the labels are in, as the reader's language abbreviates it (`CET`, `MEZ`). */
	zone: string;
	from: string;
	to: string;
}

const roundSteps = [1, 2, 2.5, 5, 10];

/** The smallest 1, 2, 2.5 or 5 times a power of ten at or above `value`; 1 for nothing. */
function roundUp(value: number): number {
	if (!(value > 0) || !Number.isFinite(value)) return 1;
	const magnitude = 10 ** Math.floor(Math.log10(value));
	return (roundSteps.find((step) => step * magnitude >= value) ?? 10) * magnitude;
}

/** Zero, half and the top (`max`, or `peak` rounded up), each in the series' unit. */
export function valueAxis(
	peak: number,
	format: (value: number) => string,
	max?: number,
): { max: number; ticks: Tick[] } {
	const top = max && max > 0 ? max : roundUp(peak);
	return { max: top, ticks: [0, 0.5, 1].map((at) => ({ at, label: format(top * at) })) };
}

const tickMinutes = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440];
const maxTicks = 6;

/** Seconds the zone's clock is ahead of UTC at `time` (Unix seconds). */
function offsetSeconds(time: number, timeZone: string | undefined): number {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		...{ year: 'numeric', month: 'numeric', day: 'numeric' },
		...{ hour: 'numeric', minute: 'numeric', second: 'numeric' },
	}).formatToParts(new Date(time * 1000));
	const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
	const local = Date.UTC(
		part('year'),
		part('month') - 1,
		part('day'),
		part('hour'),
		part('minute'),
		part('second'),
	);
	return local / 1000 - time;
}

function zoneName(time: number, intl: string, timeZone: string | undefined): string {
	const parts = new Intl.DateTimeFormat(intl, { timeZone, timeZoneName: 'short' }).formatToParts(
		new Date(time * 1000),
	);
	return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/**
 * Labels for `times` (Unix seconds, oldest first): at most six, at the roundest clock times the
 * span allows (every 15 minutes over an hour, every 6 hours over a day), else at its two ends.
 * `timeZone` is the browser's unless given.
 */
export function timeAxis(times: readonly number[], intl: string, timeZone?: string): TimeAxis {
	const start = times[0];
	const end = times.at(-1);
	if (start === undefined || end === undefined) return { ticks: [], zone: '', from: '', to: '' };
	const clock = new Intl.DateTimeFormat(intl, { timeStyle: 'short', timeZone });
	const label = (time: number) => clock.format(new Date(time * 1000));
	const axis = { zone: zoneName(end, intl, timeZone), from: label(start), to: label(end) };
	if (end <= start) return { ...axis, ticks: [{ at: 1, label: label(start) }] };
	const offset = offsetSeconds(start, timeZone);
	const at = (time: number) => (time - start) / (end - start);
	for (const minutes of tickMinutes) {
		const step = minutes * 60;
		const first = Math.ceil((start + offset) / step) * step - offset;
		const count = Math.floor((end - first) / step) + 1;
		if (count > maxTicks) continue;
		if (count < 2) break;
		const ticks = Array.from({ length: count }, (_, i) => first + i * step);
		return { ...axis, ticks: ticks.map((time) => ({ at: at(time), label: label(time) })) };
	}
	return { ...axis, ticks: [start, end].map((time) => ({ at: at(time), label: label(time) })) };
}

/**
 * SVG polyline points in a `width`×`height` box: x by time from the first to the last of `times`
 * (a lone point at the right edge), y scaled to `max`; points without a value left out. A single
 * point is given twice, so the line's round cap draws it as a dot (a young machine's first minute).
 */
export function linePoints(
	times: readonly number[],
	values: readonly (number | null)[],
	max: number,
	width: number,
	height: number,
): string {
	const start = times[0] ?? 0;
	const span = (times.at(-1) ?? 0) - start;
	const scale = max > 0 ? height / max : 0;
	const points = values
		.map((v, i) => {
			if (v === null) return null;
			const x = span > 0 ? (((times[i] ?? start) - start) / span) * width : width;
			return `${x.toFixed(1)},${(height - v * scale).toFixed(1)}`;
		})
		.filter((p): p is string => p !== null);
	return (points.length === 1 ? [...points, ...points] : points).join(' ');
}
