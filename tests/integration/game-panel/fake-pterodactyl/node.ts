import { createHash, randomUUID } from 'node:crypto';

// What Wings keeps for a server in the fake: a small file tree, its backups (snapshots of that
// tree, sized and checksummed like Wings' archives) and its console log. Paths resolve as Wings'
// do: relative to the server's root, and anything that resolves outside it is simply not found.

export interface FakeFile {
	kind: 'file' | 'folder';
	data: Buffer;
	modified: number;
}

/** Paths without the leading slash (`world/level.dat`); the root itself is ''. */
export type FakeTree = Map<string, FakeFile>;

export interface FakeBackup {
	uuid: string;
	name: string;
	is_locked: boolean;
	is_successful: boolean;
	checksum: string | null;
	bytes: number;
	created: number;
	/** When Wings reports it done; completed_at stays null until then. */
	completes: number;
	completed: number | null;
	/** Soft-deleted rows still count for the panel's throttle. */
	deleted: boolean;
	snapshot: FakeTree;
}

export interface NodeState {
	files: FakeTree;
	backups: FakeBackup[];
	consoleLog: string[];
	/** While `status` is `restoring_backup`: what Wings extracts, and when it is done. */
	restore: { backup: FakeBackup; until: number } | null;
}

const BINARY = Buffer.from([0x0a, 0x00, 0x00, 0x09, 0x00, 0x04, 0x44, 0x61, 0x74, 0x61, 0xff]);

/** A freshly installed server's files, per egg (5 and 15: Minecraft eggs, others: a generic game). */
export function installedNode(egg: number, now: number): NodeState {
	const file = (text: string | Buffer): FakeFile => ({
		kind: 'file',
		data: typeof text === 'string' ? Buffer.from(text) : text,
		modified: now,
	});
	const folder = (): FakeFile => ({ kind: 'folder', data: Buffer.alloc(0), modified: now });
	const files: FakeTree =
		egg === 5 || egg === 15
			? new Map([
					['server.properties', file('motd=A Minecraft Server\nmax-players=20\npvp=true\n')],
					['eula.txt', file('eula=true\n')],
					['server.jar', file(BINARY)],
					['world', folder()],
					['world/level.dat', file(BINARY)],
					['logs', folder()],
					['logs/latest.log', file('[00:00:00] [Server thread/INFO]: Starting server\n')],
				])
			: new Map([
					['server.cfg', file('server.hostname "Game"\n')],
					['logs', folder()],
				]);
	return { files, backups: [], consoleLog: [], restore: null };
}

/** Wings' path resolution, from the server's root: `null` for anything that climbs out of it. */
export function resolvePath(path: string): string | null {
	const parts: string[] = [];
	for (const part of path.split('/')) {
		if (part === '' || part === '.') continue;
		if (part !== '..') parts.push(part);
		else if (parts.pop() === undefined) return null;
	}
	return parts.join('/');
}

export function copyTree(tree: FakeTree): FakeTree {
	return new Map([...tree].map(([path, f]) => [path, { ...f, data: Buffer.from(f.data) }]));
}

/** A stand-in for Wings' tar.gz: the tree serialised, so size and sha1 follow the content. */
function archive(tree: FakeTree): Buffer {
	const entries = [...tree].sort(([a], [b]) => a.localeCompare(b));
	return Buffer.from(
		JSON.stringify(entries.map(([p, f]) => [p, f.kind, f.data.toString('base64')])),
	);
}

export function newBackup(
	node: NodeState,
	name: string,
	locked: boolean,
	now: number,
	delayMs: number,
): FakeBackup {
	const backup: FakeBackup = {
		uuid: randomUUID(),
		name,
		is_locked: locked,
		is_successful: false,
		checksum: null,
		bytes: 0,
		created: now,
		completes: now + delayMs,
		completed: null,
		deleted: false,
		snapshot: copyTree(node.files),
	};
	node.backups.push(backup);
	return backup;
}

export function archiveOf(backup: FakeBackup): Buffer {
	return archive(backup.snapshot);
}

/** Brings backups and a restore up to `now`, as Wings' reports to the panel would. */
export function settleNode(node: NodeState, now: number): { restored: boolean } {
	for (const b of node.backups)
		if (b.completed === null && now >= b.completes) {
			const bytes = archive(b.snapshot);
			b.completed = b.completes;
			b.is_successful = true;
			b.bytes = bytes.length;
			b.checksum = `sha1:${createHash('sha1').update(bytes).digest('hex')}`;
		}
	if (!node.restore || now < node.restore.until) return { restored: false };
	for (const [path, f] of copyTree(node.restore.backup.snapshot)) node.files.set(path, f);
	node.restore = null;
	return { restored: true };
}
