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
			const audit = () => lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
			let result = await audit();
			// A run that did not complete (NO_FCP and the like) scores every category null, which
			// would print as 0 for a page that is fine: measure it again once, and say so if it fails.
			if (result?.lhr.runtimeError) result = await audit();
			if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
			const failed = result.lhr.runtimeError;
			// Its zeros are then no score: the line says so beside the table.
			if (failed) console.warn(`Lighthouse could not audit ${url} (twice): ${failed.code}`);
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
