import { describe, expect, it } from 'vitest';
import { formatBytes, formatPercent, linePoints, summarise, uptimeParts } from './metrics-summary';

describe('VPS graph summaries', () => {
	it('averages and peaks the values present, none for an empty series', () => {
		expect(summarise([0.1, null, 0.3])).toEqual({ average: 0.2, peak: 0.3 });
		expect(summarise([null, null])).toBeNull();
	});

	it('tells sizes and shares in the visitor’s format', () => {
		expect(formatBytes(1_500_000, 'en-GB')).toBe('1.5 MB');
		expect(formatBytes(1_500_000, 'de-DE')).toBe('1,5 MB');
		expect(formatBytes(512, 'en-GB')).toBe('512 B');
		expect(formatPercent(0.237, 'en-GB')).toBe('24%');
	});

	it('splits an uptime and draws a line in its box', () => {
		expect(uptimeParts(2 * 86_400 + 3 * 3600 + 4 * 60 + 5)).toEqual({
			days: 2,
			hours: 3,
			minutes: 4,
		});
		expect(linePoints([0, 1, null, 2], 2, 30, 10)).toBe('0.0,10.0 10.0,5.0 30.0,0.0');
	});
});
