import { createReadStream, statSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { Readable } from 'node:stream';
import { readGamePanelConfig, type SimulatedConfig } from './config';
import { GamePanelError } from './errors';
import { existingFolder } from './sim-files';
import { redeemLink } from './sim-links';
import { confine, simDirs } from './sim-paths';

// What the site's `/api/game-panel-sim/{token}` route does, as Wings' download and upload routes
// do for the real panel: GET streams a backup or file once, POST takes multipart `files` into the
// link's folder once. Only while the simulation is the configured panel; every other case is the
// same 404, saying nothing about why. Uploads pass through the site here (on Pterodactyl they go
// to Wings, 100 MB a file), so the site's own body cap applies: 1 MiB in all, astro.config.mjs's
// backstop.

export const UPLOAD_LIMIT_BYTES = 1024 * 1024;
const notFound = () => new Response('Not found', { status: 404 });

/** A filename for Content-Disposition: ASCII, with the exact name beside it (RFC 6266). */
function disposition(filename: string): string {
	const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
	return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

function download(config: SimulatedConfig, token: string, now: number): Response {
	const target = redeemLink(simDirs(config.dir).links, token, 'download', now);
	if (target?.kind !== 'download') return notFound();
	const stat = statSync(target.path, { throwIfNoEntry: false });
	if (!stat?.isFile()) return notFound();
	const body = Readable.toWeb(createReadStream(target.path)) as ReadableStream<Uint8Array>;
	return new Response(body, {
		headers: {
			'Content-Type': 'application/octet-stream',
			'Content-Length': String(stat.size),
			'Content-Disposition': disposition(target.filename),
			'Cache-Control': 'no-store',
		},
	});
}

/** An upload's body as the route read it, capped at UPLOAD_LIMIT_BYTES (src/server/http/body.ts). */
export type UploadBody =
	{ ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; problem: 'too_large' | 'unreadable' };

async function upload(
	config: SimulatedConfig,
	token: string,
	type: string,
	body: UploadBody,
	now: number,
) {
	const target = redeemLink(simDirs(config.dir).links, token, 'upload', now);
	if (target?.kind !== 'upload') return notFound();
	if (!body.ok)
		return new Response('The files are over 1 MiB', {
			status: body.problem === 'too_large' ? 413 : 400,
		});
	let form;
	try {
		form = await new Response(body.bytes, { headers: { 'Content-Type': type } }).formData();
	} catch {
		return new Response('Send the files as multipart/form-data, field "files"', { status: 400 });
	}
	const files = form.getAll('files').filter((entry) => entry instanceof File);
	if (files.length === 0) return new Response('No files in the field "files"', { status: 400 });
	try {
		const folder = existingFolder(target.root, target.dir);
		for (const file of files) {
			const path = confine(target.root, `${target.dir}/${basename(file.name)}`, {
				allowRoot: false,
			});
			if (dirname(path) !== folder) return notFound();
			if (statSync(path, { throwIfNoEntry: false })?.isDirectory())
				return new Response(`A folder is named ${basename(path)}`, { status: 409 });
			writeFileSync(path, Buffer.from(await file.arrayBuffer()));
		}
	} catch (error) {
		// The folder went away, or a name points out of it: refused like Wings, nothing said.
		if (error instanceof GamePanelError) return notFound();
		throw error;
	}
	return new Response(null, { status: 204 });
}

function simulated(env: Record<string, string | undefined>): SimulatedConfig | null {
	try {
		const config = readGamePanelConfig(env);
		return config.kind === 'simulated' ? config : null;
	} catch {
		return null;
	}
}

/** GET on the site route: the backup or file; 404 whenever Pterodactyl is configured. */
export async function simulatedDownload(
	token: string,
	env: Record<string, string | undefined> = process.env,
	now = Date.now(),
): Promise<Response> {
	const config = simulated(env);
	return Promise.resolve(config ? download(config, token, now) : notFound());
}

/** POST on the site route: multipart `files` into the link's folder; 404 as for downloads. */
export async function simulatedUpload(
	token: string,
	contentType: string,
	body: UploadBody,
	env: Record<string, string | undefined> = process.env,
	now = Date.now(),
): Promise<Response> {
	const config = simulated(env);
	return config ? upload(config, token, contentType, body, now) : notFound();
}
