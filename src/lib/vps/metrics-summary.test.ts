import { describe, expect, it } from 'vitest';
import { formatBytes, formatPercent, summarise, uptimeParts } from './metrics-summary';

describe('VPS graph summaries', () => {
	it('averages and peaks the values present, none for an empty series', () => {
		expect(summarise([0.1, null, 0.3])).toEqual({ average: 0.2, peak: 0.3 });
		expect(summarise([null, null])).toBeNull();
	});

	it('tells sizes and shares in the visitor’s format', () => {
		expect(formatBytes(1_500_000, 'en-GB')).toBe('1.5 MB');
		expect(formatBytes(1_500_000, 'de-DE')).toBe('1,5 MB');
		expect(formatBytes(512, 'en-GB')).toBe('512 B');
		expect(formatBytes(2 * 1024 ** 3, 'en-GB', 1024)).toBe('2 GB');
		expect(formatPercent(0.237, 'en-GB')).toBe('24%');
	});

	it('splits an uptime', () => {
		expect(uptimeParts(2 * 86_400 + 3 * 3600 + 4 * 60 + 5)).toEqual({
			days: 2,
			hours: 3,
			minutes: 4,
		});
	});
});
