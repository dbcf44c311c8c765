import { brotliCompressSync, gzipSync } from 'node:zlib';

export interface PageWeight {
	html: number;
	css: number;
	js: number;
	total: number;
	/** The same page as the site server sends it: brotli, as every current browser accepts. */
	jsBrotli: number;
	totalBrotli: number;
}

const gzipped = (body: Buffer) => gzipSync(body).length;
const brotli = (body: Buffer) => brotliCompressSync(body).length;

async function fetchBody(url: string): Promise<Buffer> {
	const response = await fetch(url);
	if (!response.ok) throw new Error(`${url} answered ${response.status}`);
	return Buffer.from(await response.arrayBuffer());
}

/**
 * Assets a page loads: stylesheets, scripts, module preloads, and the islands' component and
 * renderer modules (loaded when an island hydrates, so they count as the page's JavaScript).
 */
export function assetsOf(html: string): { css: string[]; js: string[] } {
	const attr = (tag: string, name: string) => tag.match(new RegExp(`${name}="([^"]+)"`))?.[1];
	const islands = (html.match(/<astro-island\b[^>]*>/g) ?? []).flatMap((tag) => [
		attr(tag, 'component-url'),
		attr(tag, 'renderer-url'),
	]);
	const tags = html.match(/<(link|script)\b[^>]*>/g) ?? [];
	const css = tags.filter((tag) => /rel="stylesheet"/.test(tag)).map((tag) => attr(tag, 'href'));
	const js = tags
		.filter((tag) => tag.startsWith('<script') || /rel="modulepreload"/.test(tag))
		.map((tag) => attr(tag, tag.startsWith('<script') ? 'src' : 'href'));
	const defined = (list: (string | undefined)[]) => [
		...new Set(list.filter((v): v is string => !!v)),
	];
	return { css: defined(css), js: defined([...js, ...islands]) };
}

/** Relative modules a script imports, statically or dynamically. */
function importsOf(code: string): string[] {
	const found = [
		...code.matchAll(
			/(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+)["']|import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g,
		),
	];
	return found.map((m) => m[1] ?? m[2]!).filter(Boolean);
}

/** Every module reachable from the entry scripts, each counted once. */
async function scriptGraph(entries: string[]): Promise<Map<string, Buffer>> {
	const seen = new Map<string, Buffer>();
	const queue = [...entries];
	while (queue.length) {
		const url = queue.shift()!;
		if (seen.has(url)) continue;
		const body = await fetchBody(url);
		seen.set(url, body);
		for (const specifier of importsOf(body.toString('utf8')))
			queue.push(new URL(specifier, url).href);
	}
	return seen;
}

/** Bytes after compression of a page's HTML, CSS and JS (inline scripts count as HTML). */
export async function pageWeight(origin: string, path: string): Promise<PageWeight> {
	const html = await fetchBody(origin + path);
	const { css, js } = assetsOf(html.toString('utf8'));
	const bodies = async (urls: string[]) =>
		Promise.all(urls.map((url) => fetchBody(new URL(url, origin + path).href)));
	const styles = await bodies(css);
	const scripts = [
		...(await scriptGraph(js.map((url) => new URL(url, origin + path).href))).values(),
	];
	const total = (compress: (body: Buffer) => number, list: Buffer[]) =>
		list.reduce((sum, body) => sum + compress(body), 0);
	const weight = { html: gzipped(html), css: total(gzipped, styles), js: total(gzipped, scripts) };
	const jsBrotli = total(brotli, scripts);
	return {
		...weight,
		total: weight.html + weight.css + weight.js,
		jsBrotli,
		totalBrotli: brotli(html) + total(brotli, styles) + jsBrotli,
	};
}
