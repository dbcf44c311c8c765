import { gzipSync } from 'node:zlib';

export interface PageWeight {
	html: number;
	css: number;
	js: number;
	total: number;
}

const gzipped = (body: Buffer) => gzipSync(body).length;

async function fetchBody(url: string): Promise<Buffer> {
	const response = await fetch(url);
	if (!response.ok) throw new Error(`${url} answered ${response.status}`);
	return Buffer.from(await response.arrayBuffer());
}

/** Assets a page loads by itself: stylesheets, scripts and module preloads named in its HTML. */
export function assetsOf(html: string): { css: string[]; js: string[] } {
	const attr = (tag: string, name: string) => tag.match(new RegExp(`${name}="([^"]+)"`))?.[1];
	const tags = html.match(/<(link|script)\b[^>]*>/g) ?? [];
	const css = tags.filter((tag) => /rel="stylesheet"/.test(tag)).map((tag) => attr(tag, 'href'));
	const js = tags
		.filter((tag) => tag.startsWith('<script') || /rel="modulepreload"/.test(tag))
		.map((tag) => attr(tag, tag.startsWith('<script') ? 'src' : 'href'));
	const defined = (list: (string | undefined)[]) => [
		...new Set(list.filter((v): v is string => !!v)),
	];
	return { css: defined(css), js: defined(js) };
}

/** Bytes after gzip of a page's HTML, CSS and JS (inline scripts count as HTML). */
export async function pageWeight(origin: string, path: string): Promise<PageWeight> {
	const html = await fetchBody(origin + path);
	const { css, js } = assetsOf(html.toString('utf8'));
	const sum = async (urls: string[]) =>
		(
			await Promise.all(
				urls.map(async (url) => gzipped(await fetchBody(new URL(url, origin + path).href))),
			)
		).reduce((a, b) => a + b, 0);
	const weight = { html: gzipped(html), css: await sum(css), js: await sum(js) };
	return { ...weight, total: weight.html + weight.css + weight.js };
}
