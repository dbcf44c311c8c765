import { describe, expect, it } from 'vitest';
import { formatBytes, formatPercent } from './metrics-summary';
import { linePoints, timeAxis, valueAxis } from './graph-axes';

// A VPS graph's axes: a value scale in the series' unit from zero to a round top, and time labels
// in the reader's zone at round times, placed where the points are drawn.

const rate = (v: number) => `${formatBytes(v, 'en-GB')}/s`;
const at = (iso: string) => Date.parse(iso) / 1000;

describe('the value axis', () => {
	it('runs from zero to a round top in the series’ unit', () => {
		const axis = valueAxis(1_340_000, rate);
		expect(axis.max).toBe(2_000_000);
		expect(axis.ticks).toEqual([
			{ at: 0, label: '0 B/s' },
			{ at: 0.5, label: '1 MB/s' },
			{ at: 1, label: '2 MB/s' },
		]);
		expect(valueAxis(0.37, (v) => formatPercent(v, 'en-GB'), 1).ticks.map((t) => t.label)).toEqual([
			'0%',
			'50%',
			'100%',
		]);
	});

	it('keeps a scale when there is nothing to draw', () => {
		expect(valueAxis(0, rate).max).toBe(1);
		expect(valueAxis(250, rate).max).toBe(250);
		expect(valueAxis(2600, rate).max).toBe(5000);
	});
});

describe('the time axis', () => {
	const hour = Array.from({ length: 70 }, (_, i) => at('2026-12-07T12:00:00Z') + i * 60);

	it('labels round times in the reader’s zone, placed along the points', () => {
		const axis = timeAxis(hour, 'en-GB', 'Europe/Oslo');
		expect(axis.zone).toBe('CET');
		expect(axis.ticks.map((t) => t.label)).toEqual(['13:00', '13:15', '13:30', '13:45', '14:00']);
		// 13:15 in Oslo is 12:15 UTC: the 16th of 70 points.
		expect(axis.ticks[1]!.at).toBeCloseTo(15 / 69);
		expect(axis.from).toBe('13:00');
		expect(axis.to).toBe('14:09');
	});

	it('marks whole hours across a day, in the local hour, and writes 24-hour or 12-hour time as the locale does', () => {
		const day = Array.from({ length: 70 }, (_, i) => at('2026-12-06T00:00:00Z') + i * 1800);
		const axis = timeAxis(day, 'de-DE', 'Europe/Berlin');
		expect(axis.ticks.map((t) => t.label)).toEqual(['06:00', '12:00', '18:00', '00:00', '06:00']);
		expect(timeAxis(hour, 'en-US', 'UTC').ticks[1]!.label).toBe('12:15 PM');
		expect(timeAxis(hour, 'da-DK', 'UTC').ticks[1]!.label).toBe('12.15');
	});

	it('labels a series of one point or a few minutes by its ends', () => {
		const fresh = [at('2026-12-07T12:03:00Z'), at('2026-12-07T12:04:00Z')];
		const axis = timeAxis(fresh, 'en-GB', 'UTC');
		expect(axis.ticks).toEqual([
			{ at: 0, label: '12:03' },
			{ at: 1, label: '12:04' },
		]);
		expect(timeAxis([fresh[0]!], 'en-GB', 'UTC').ticks).toEqual([{ at: 1, label: '12:03' }]);
		expect(timeAxis([], 'en-GB', 'UTC').ticks).toEqual([]);
	});
});

describe('the line', () => {
	it('places each point by its time between the series’ ends, gaps left out', () => {
		const times = [0, 60, 120, 240];
		expect(linePoints(times, [0, 1, null, 2], 2, 30, 10)).toBe('0.0,10.0 7.5,5.0 30.0,0.0');
		expect(linePoints([60], [1], 2, 30, 10)).toBe('30.0,5.0 30.0,5.0');
		expect(linePoints([0, 60], [null, 1], 2, 30, 10)).toBe('30.0,5.0 30.0,5.0');
	});
});
