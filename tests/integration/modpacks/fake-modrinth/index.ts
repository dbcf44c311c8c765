import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CatalogueProject } from '../../../../src/lib/modpacks/catalogue.ts';
import { membersJson, modrinthError, projectJson, versionJson, type Answer } from './api.ts';
import { servedFile, type ServedFile } from './packs.ts';
import { search } from './search.ts';

// An in-process stand-in for Modrinth's API v2 (labrinth) and its CDN on 127.0.0.1, built from a
// modpack catalogue: it refuses a request without a User-Agent of its own (Modrinth blocks
// library-only agents), counts 300 requests a minute with labrinth's X-Ratelimit-* headers and
// its 429 `ratelimit_error`, answers unknown projects and versions with a 404 and an EMPTY body,
// ignores version filters it cannot read (as labrinth does), and serves each version's file.
// Faults (any status, headers and body) are injected per request.

export interface SeenRequest {
	path: string;
	query: URLSearchParams;
	headers: IncomingMessage['headers'];
}

export interface FakeModrinthOptions {
	/** Versions whose served bytes differ from the hashes their version lists. */
	corrupt?: string[];
	/** Versions whose file the version says is this many bytes. */
	sizes?: Record<string, number>;
	/** Requests a minute before a 429 (300 as Modrinth). */
	rateLimit?: number;
}

/** What Modrinth calls a library's default agent (and may block): no name of the application. */
const libraryOnly =
	/^(node|undici|node-fetch|axios|okhttp|python-requests|curl|wget|go-http-client|java)(\/[\w.-]*)?$/i;

export async function startFakeModrinth(
	catalogue: readonly CatalogueProject[],
	options: FakeModrinthOptions = {},
) {
	const requests: SeenRequest[] = [];
	const faults: (Answer & { match?: (path: string) => boolean })[] = [];
	const files = new Map<string, ServedFile>();
	for (const project of catalogue)
		for (const version of project.versions) {
			const file = servedFile(project, version);
			files.set(version.id, { ...file, size: options.sizes?.[version.id] ?? file.size });
		}
	const limit = options.rateLimit ?? 300;
	const bucket = { used: 0, since: Date.now() };
	let base = '';

	/** labrinth's headers on every API answer; the 429 itself once the minute's requests are spent. */
	function throttle(): { headers: Record<string, string>; refused?: Answer } {
		const now = Date.now();
		if (now - bucket.since >= 60_000) Object.assign(bucket, { used: 0, since: now });
		bucket.used += 1;
		const reset = String(Math.ceil((bucket.since + 60_000 - now) / 1000));
		const remaining = String(Math.max(0, limit - bucket.used));
		const headers = {
			'X-Ratelimit-Limit': String(limit),
			'X-Ratelimit-Remaining': remaining,
			'X-Ratelimit-Reset': reset,
		};
		if (bucket.used <= limit) return { headers };
		const wait = bucket.since + 60_000 - now;
		const refused = modrinthError(
			429,
			'ratelimit_error',
			`rate limit exceeded; retry after ${wait} milliseconds`,
		);
		return { headers, refused: { ...refused, headers } };
	}

	const project = (key: string) => catalogue.find((p) => p.id === key || p.slug === key);
	const fileUrl = (p: CatalogueProject, versionId: string) =>
		`${base}/data/${p.id}/versions/${versionId}/${encodeURIComponent(files.get(versionId)!.filename)}`;
	/** A JSON array of strings, or null for anything else: labrinth then drops the filter. */
	const list = (raw: string | null) => {
		try {
			const value: unknown = raw === null ? null : JSON.parse(raw);
			return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;
		} catch {
			return null;
		}
	};

	function api(path: string, query: URLSearchParams): Answer {
		if (path === '/search') return search(catalogue, query);
		let match = /^\/project\/([^/]+)$/.exec(path);
		if (match) {
			const found = project(match[1]!);
			return found ? { status: 200, body: projectJson(found) } : { status: 404 };
		}
		match = /^\/project\/([^/]+)\/members$/.exec(path);
		if (match) {
			const found = project(match[1]!);
			return found ? { status: 200, body: membersJson(found) } : { status: 404 };
		}
		match = /^\/project\/([^/]+)\/version$/.exec(path);
		if (match) {
			const found = project(match[1]!);
			if (!found) return { status: 404 };
			const loaders = list(query.get('loaders'));
			const games = list(query.get('game_versions'));
			const changelog = query.get('include_changelog') !== 'false';
			const versions = found.versions
				.filter((v) => !loaders || v.loaders.some((l) => loaders.includes(l)))
				.filter((v) => !games || v.gameVersions.some((g) => games.includes(g)))
				.map((v) => versionJson(found, v, files.get(v.id)!, fileUrl(found, v.id), changelog));
			return { status: 200, body: versions };
		}
		match = /^\/version\/([^/]+)$/.exec(path);
		if (match) {
			const found = catalogue.find((p) => p.versions.some((v) => v.id === match[1]));
			const version = found?.versions.find((v) => v.id === match[1]);
			if (!found || !version) return { status: 404 };
			return {
				status: 200,
				body: versionJson(found, version, files.get(version.id)!, fileUrl(found, version.id), true),
			};
		}
		return { status: 404 };
	}

	function cdn(path: string): Answer {
		const match = /^\/data\/[^/]+\/versions\/([^/]+)\/[^/]+$/.exec(path);
		const file = match && files.get(match[1]!);
		if (!file) return { status: 404, body: 'Not Found' };
		const bytes = Buffer.from(file.bytes);
		// One byte of the zip's central directory changed: still a zip, no longer the listed file.
		if (options.corrupt?.includes(match[1]!))
			bytes.writeUInt8(bytes.readUInt8(bytes.length - 30) ^ 0xff, bytes.length - 30);
		return {
			status: 200,
			headers: { 'Content-Type': 'application/x-modrinth-modpack+zip' },
			body: bytes,
		};
	}

	function handle(request: IncomingMessage): Answer {
		const url = new URL(request.url ?? '/', 'http://fake');
		requests.push({ path: url.pathname, query: url.searchParams, headers: request.headers });
		const agent = request.headers['user-agent']?.trim() ?? '';
		if (!agent || libraryOnly.test(agent))
			return modrinthError(403, 'auth_error', 'Requests need a uniquely identifying User-Agent');
		const index = faults.findIndex((f) => !f.match || f.match(url.pathname));
		if (index >= 0) return faults.splice(index, 1)[0]!;
		if (url.pathname.startsWith('/data/')) return cdn(url.pathname);
		if (url.pathname.startsWith('/v1/'))
			return modrinthError(
				410,
				'api_deprecated',
				"You are using an application that uses an outdated version of Modrinth's API.",
			);
		if (!url.pathname.startsWith('/v2/')) return { status: 404 };
		const { headers, refused } = throttle();
		if (refused) return refused;
		const answer = api(url.pathname.slice(3), url.searchParams);
		return { ...answer, headers: { ...headers, ...answer.headers } };
	}

	const server = createServer((request, response) => {
		const answer = handle(request);
		const raw = answer.body;
		const plain = typeof raw === 'string' || Buffer.isBuffer(raw);
		response.writeHead(answer.status, {
			...(raw !== undefined && !plain ? { 'Content-Type': 'application/json' } : {}),
			...answer.headers,
		});
		response.end(raw === undefined ? '' : plain ? raw : JSON.stringify(raw));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

	return {
		url: base,
		apiUrl: `${base}/v2`,
		requests,
		/** The next request (matching `match`, by path) is answered with this. */
		inject: (fault: Answer & { match?: (path: string) => boolean }) => void faults.push(fault),
		/** Spends the minute's requests, as another client on the same address would. */
		useUp: () => void (bucket.used = limit),
		/** A new minute: the count starts again. */
		resetRateLimit: () => void Object.assign(bucket, { used: 0, since: Date.now() }),
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}

export type FakeModrinth = Awaited<ReturnType<typeof startFakeModrinth>>;
