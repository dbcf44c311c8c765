import { describe, expect, it } from 'vitest';
import { isDictionaryKey } from '../../i18n';
import { consoleCloseCodes, consoleEndingOf, consoleEndings } from './console-ending';

describe('why a console closed', () => {
	it('each have a message for the page', () => {
		expect(
			consoleEndings.filter((ending) => !isDictionaryKey(`vps.console.ended.${ending}`)),
		).toEqual([]);
	});

	it('each have a code of their own, in the application range, read back as the same ending', () => {
		const codes = consoleEndings.map((ending) => consoleCloseCodes[ending]);
		expect(new Set(codes).size).toBe(consoleEndings.length);
		for (const ending of consoleEndings) {
			expect(consoleCloseCodes[ending]).toBeGreaterThanOrEqual(4000);
			expect(consoleCloseCodes[ending]).toBeLessThan(5000);
			expect(consoleEndingOf(consoleCloseCodes[ending])).toBe(ending);
		}
		expect([1000, 1006, 1011, 4999].map(consoleEndingOf)).toEqual([null, null, null, null]);
	});
});
