import { describe, expect, it } from 'vitest';
import { flagImage } from './flag-uri';

describe('flagImage', () => {
	it('draws a location country’s flag as an SVG image address', () => {
		const germany = decodeURIComponent(flagImage('DE').replace('data:image/svg+xml,', ''));
		expect(germany).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 5 3">/);
		expect(germany.match(/<rect /g)).toHaveLength(3);
		expect(germany).toContain('fill="#dd0000"');
	});

	it('falls back to the emoji for a country without a drawn flag', () => {
		expect(decodeURIComponent(flagImage('IS'))).toContain('🇮🇸');
	});
});
