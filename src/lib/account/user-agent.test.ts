import { describe, expect, it } from 'vitest';
import { deviceOf } from './user-agent';

describe('deviceOf', () => {
	it('names common browsers and systems', () => {
		expect(
			deviceOf(
				'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
			),
		).toEqual({ browser: 'Microsoft Edge', headless: false, os: 'Windows' });
		expect(
			deviceOf(
				'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
			),
		).toEqual({ browser: 'Safari', headless: false, os: 'iPhone' });
		expect(
			deviceOf('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'),
		).toEqual({ browser: 'Firefox', headless: false, os: 'Linux' });
		expect(
			deviceOf(
				'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
			),
		).toEqual({ browser: 'Chrome', headless: false, os: 'Android' });
		expect(
			deviceOf(
				'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15',
			),
		).toEqual({ browser: 'Safari', headless: false, os: 'macOS' });
	});

	it('names a headless Chrome as such, not as Safari', () => {
		expect(
			deviceOf(
				'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
			),
		).toEqual({ browser: 'Chrome', headless: true, os: 'Linux' });
		expect(
			deviceOf(
				'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.6099.28 Safari/537.36',
			),
		).toEqual({ browser: 'Chrome', headless: true, os: 'Windows' });
	});

	it('tells apart browsers that also say Chrome or Safari', () => {
		expect(
			deviceOf(
				'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36 Vivaldi/6.9.3447.54',
			),
		).toMatchObject({ browser: 'Vivaldi', os: 'Windows' });
		expect(
			deviceOf(
				'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/129.0.6668.69 Mobile/15E148 Safari/604.1',
			),
		).toMatchObject({ browser: 'Chrome', os: 'iPhone' });
		expect(
			deviceOf(
				'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36',
			),
		).toMatchObject({ browser: 'Chrome', os: 'Chrome OS' });
	});

	it('says nothing about what it does not know', () => {
		expect(deviceOf('')).toEqual({ browser: null, headless: false, os: null });
		expect(deviceOf('node')).toEqual({ browser: null, headless: false, os: null });
	});
});
