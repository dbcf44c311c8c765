import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { SignedLink } from './types';

// The simulation's signed links, like Wings' download and upload tokens: random, one-time, 15
// minutes. Each is a file in the links folder, so every process of the site redeems what any of
// them issued, and taking one is a rename: of two requests with one token, exactly one wins.

export const LINK_TTL_MS = 15 * 60_000;
export const LINK_PATH = '/api/game-panel-sim/';
const tokenShape = /^[A-Za-z0-9_-]{32}$/;

const targetSchema = z.discriminatedUnion('kind', [
	/** A backup's archive or a file: the host path and the name the browser saves it under. */
	z.object({ kind: z.literal('download'), path: z.string(), filename: z.string() }),
	/** Where uploaded files go: the server's folder and the customer's path of the folder in it. */
	z.object({ kind: z.literal('upload'), root: z.string(), dir: z.string() }),
]);
export type LinkTarget = z.infer<typeof targetSchema>;
const linkSchema = z.object({ target: targetSchema, expiresAt: z.number() });

/** Removes the links that expired; they are few, and this keeps the folder from growing. */
function sweep(folder: string, now: number) {
	for (const name of readdirSync(folder)) {
		const file = join(folder, name);
		try {
			if (linkSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).expiresAt < now) rmSync(file);
		} catch {
			rmSync(file, { force: true });
		}
	}
}

export function issueLink(
	folder: string,
	origin: string,
	target: LinkTarget,
	now: number,
): SignedLink {
	mkdirSync(folder, { recursive: true });
	sweep(folder, now);
	const token = randomBytes(24).toString('base64url');
	const expiresAt = now + LINK_TTL_MS;
	writeFileSync(join(folder, `${token}.json`), JSON.stringify({ target, expiresAt }), {
		mode: 0o600,
	});
	return { url: `${origin}${LINK_PATH}${token}`, expiresAt: new Date(expiresAt).toISOString() };
}

/**
 * The link's target, once: null for an unknown, used or expired token, or one of the other kind
 * (which stays usable: a stray GET does not spend an upload link).
 */
export function redeemLink(
	folder: string,
	token: string,
	kind: LinkTarget['kind'],
	now: number,
): LinkTarget | null {
	if (!tokenShape.test(token)) return null;
	const file = join(folder, `${token}.json`);
	let link;
	try {
		link = linkSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
	} catch {
		return null;
	}
	if (!link.success || link.data.target.kind !== kind) return null;
	// The rename is the one step two redeemers cannot both win.
	const taken = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.taken`;
	try {
		renameSync(file, taken);
	} catch {
		return null;
	}
	rmSync(taken, { force: true });
	return link.data.expiresAt < now ? null : link.data.target;
}
