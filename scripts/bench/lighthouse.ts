import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from '../chromium.ts';

export type LighthouseScores = Record<
	'performance' | 'accessibility' | 'best-practices' | 'seo',
	number
> & {
	totalBytes: number;
	/** Largest contentful paint, simulated mobile, in milliseconds. */
	lcpMs: number;
};

const flags = ['--headless=new', ...chromiumFlags];

/** Lighthouse with its default mobile settings (Moto G power, slow 4G, 4x CPU) in Debian Chromium. */
export async function lighthouseScores(urls: string[]): Promise<Map<string, LighthouseScores>> {
	const chrome = await chromeLauncher.launch({
		chromePath: chromiumPath,
		chromeFlags: flags,
	});
	const results = new Map<string, LighthouseScores>();
	try {
		for (const url of urls) {
			const result = await lighthouse(url, {
				port: chrome.port,
				output: 'json',
				logLevel: 'error',
			});
			if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
			const { categories, audits } = result.lhr;
			const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
			results.set(url, {
				performance: score('performance'),
				accessibility: score('accessibility'),
				'best-practices': score('best-practices'),
				seo: score('seo'),
				totalBytes: audits['total-byte-weight']?.numericValue ?? 0,
				lcpMs: audits['largest-contentful-paint']?.numericValue ?? 0,
			});
		}
	} finally {
		chrome.kill();
	}
	return results;
}
