import { createHash } from 'node:crypto';
import {
	existsSync,
	lstatSync,
	mkdirSync,
	readdirSync,
	renameSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { simGame } from './sim-games';
import type { SimServer } from './sim-store';

// A simulated server's files as its install leaves them: the game's config files, a world save
// (binary, as a real one is) and an empty log. Written once, the first time the finished server is
// used; from then on they are the customer's, changed only through the port.

export const LOG_PATH = '/logs/latest.log';

/** Players the plan is sized for: 4 per GB of memory, as hosts advertise it. */
const maxPlayers = (ramGb: number) => Math.max(4, Math.min(100, Math.round(ramGb * 4)));

/** A world save's bytes: gzip of a seed-derived block, like NBT's gzipped binary. */
function worldBytes(seed: string): Buffer {
	const blocks = [];
	for (let i = 0; i < 64; i++) blocks.push(createHash('sha256').update(`${seed}:${i}`).digest());
	return gzipSync(Buffer.concat([Buffer.from([0x0a, 0x00, 0x00]), ...blocks]));
}

function put(root: string, path: string, content: string | Buffer) {
	const target = join(root, path);
	mkdirSync(dirname(target), { recursive: true });
	writeFileSync(target, content);
}

/**
 * Writes the install's files unless they are there (true when it wrote them); the folder appears
 * whole, written aside and renamed.
 */
export function ensureTree(root: string, server: SimServer): boolean {
	if (existsSync(root)) return false;
	const partial = `${root}.${process.pid}.installing`;
	const game = simGame(server.game);
	const context = {
		name: server.name,
		port: server.port,
		maxPlayers: maxPlayers(server.build.ramGb),
	};
	for (const [path, text] of Object.entries(game.config)) put(partial, path, text(context));
	put(partial, game.world, worldBytes(server.identifier));
	put(partial, LOG_PATH, '');
	mkdirSync(dirname(root), { recursive: true });
	try {
		renameSync(partial, root);
	} catch (error) {
		// Another process wrote it first: theirs stands.
		rmSync(partial, { recursive: true, force: true });
		if (!existsSync(root)) throw error;
		return false;
	}
	return true;
}

/** The bytes the files take, as the panel's disk figure reports them. */
export function treeBytes(folder: string): number {
	let total = 0;
	for (const entry of readdirSync(folder, { withFileTypes: true })) {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) total += treeBytes(path);
		else total += lstatSync(path).size;
	}
	return total;
}
