import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { staysOnSite } from '../src/lib/auth/return-to.ts';

const types: Record<string, string> = {
	'.html': 'text/html; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.js': 'text/javascript; charset=utf-8',
	'.mjs': 'text/javascript; charset=utf-8',
	'.json': 'application/json; charset=utf-8',
	'.xml': 'application/xml; charset=utf-8',
	'.txt': 'text/plain; charset=utf-8',
	'.svg': 'image/svg+xml',
	'.png': 'image/png',
	'.ico': 'image/x-icon',
	'.webp': 'image/webp',
	'.woff2': 'font/woff2',
	'.wasm': 'application/wasm',
	'.pf_meta': 'application/octet-stream',
	'.pf_index': 'application/octet-stream',
	'.pf_fragment': 'application/octet-stream',
	'.pagefind': 'application/octet-stream',
};

const isFile = (path: string) =>
	stat(path).then(
		(s) => (s.isFile() ? s : undefined),
		() => undefined,
	);

/** Hashed build assets never change; pages and the build-version file must always be fresh. */
function cacheControl(urlPath: string): string {
	if (urlPath.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
	if (urlPath.startsWith('/builds/') || urlPath.endsWith('.html') || !extname(urlPath))
		return 'no-cache';
	return 'public, max-age=3600';
}

/** The file a URL path names: `/games` is `games/index.html`, as the build writes pages. */
async function resolveFile(root: string, urlPath: string) {
	const relative = normalize(decodeURIComponent(urlPath)).replace(/^([/\\])+/, '');
	const direct = join(root, relative);
	if (direct !== root.replace(/[/\\]$/, '') && !direct.startsWith(root)) return undefined;
	const candidates = extname(relative) ? [direct] : [join(direct, 'index.html')];
	for (const path of candidates) {
		const info = await isFile(path);
		if (info) return { path, info };
	}
	return undefined;
}

/**
 * Serves a built file if there is one, preferring the brotli or gzip copy written at build time.
 * Resolves false when the request is not for a file, so the caller hands it to Astro.
 */
export async function serveStatic(
	root: string,
	req: IncomingMessage,
	res: ServerResponse,
): Promise<boolean> {
	if (req.method !== 'GET' && req.method !== 'HEAD') return false;
	const urlPath = (req.url ?? '/').split('?')[0] ?? '/';
	if (urlPath.length > 1 && urlPath.endsWith('/')) {
		const query = req.url?.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
		const location = urlPath.replace(/\/+$/, '') + query;
		// `//evil.example/` would become `//evil.example`: another host. Such paths get Astro's 404.
		if (!staysOnSite(location || '/')) return false;
		res.writeHead(301, { Location: location || '/' }).end();
		return true;
	}
	let file: Awaited<ReturnType<typeof resolveFile>>;
	try {
		file = await resolveFile(root.endsWith(sep) ? root : root + sep, urlPath);
	} catch {
		return false; // malformed escapes: let the app answer 404
	}
	if (!file) return false;
	const accepts = String(req.headers['accept-encoding'] ?? '');
	let path = file.path;
	let encoding: string | undefined;
	for (const [name, suffix] of [
		['br', '.br'],
		['gzip', '.gz'],
	] as const) {
		if (accepts.includes(name) && (await isFile(file.path + suffix))) {
			path = file.path + suffix;
			encoding = name;
			break;
		}
	}
	const info = (await isFile(path)) ?? file.info;
	res.writeHead(200, {
		'Content-Type': types[extname(file.path)] ?? 'application/octet-stream',
		'Content-Length': info.size,
		'Cache-Control': cacheControl(urlPath),
		'Last-Modified': file.info.mtime.toUTCString(),
		Vary: 'Accept-Encoding',
		'X-Content-Type-Options': 'nosniff',
		...(encoding ? { 'Content-Encoding': encoding } : {}),
	});
	if (req.method === 'HEAD') res.end();
	else createReadStream(path).pipe(res);
	return true;
}
