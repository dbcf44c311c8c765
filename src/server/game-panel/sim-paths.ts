import { lstatSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { GamePanelRefusedError, type PanelRefusal } from './errors';

// Where the simulation keeps what is not state: each server's files, its backups' archives and the
// signed links, under one folder (GAME_PANEL_SIM_DIR, beside the state file, or a temporary folder
// of this process), and the one check that keeps every path a customer names inside its server.

let processDir: string | undefined;

/** A temporary folder for a simulation without a configured one, removed when the process ends. */
function temporaryDir(): string {
	if (!processDir) {
		const made = mkdtempSync(join(tmpdir(), 'frostnode-game-panel-'));
		processDir = made;
		process.once('exit', () => rmSync(made, { recursive: true, force: true }));
	}
	return processDir;
}

export interface SimDirs {
	/** The server's own folder: what its customer sees as `/`. */
	root(identifier: string): string;
	backups(identifier: string): string;
	links: string;
}

export function simDirs(configured: string | undefined): SimDirs {
	const base = resolve(configured ?? temporaryDir());
	return {
		root: (identifier) => join(base, 'servers', identifier),
		backups: (identifier) => join(base, 'backups', identifier),
		links: join(base, 'links'),
	};
}

export function refuse(reason: PanelRefusal, message: string, limit?: number): never {
	const status = reason === 'file_not_found' || reason === 'path_outside_root' ? 404 : 400;
	throw new GamePanelRefusedError(reason, message, {
		status,
		...(limit === undefined ? {} : { limit }),
	});
}

const inside = (root: string, target: string) => {
	const rel = relative(root, target);
	return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/**
 * The host path for a customer's path (`/world/level.dat`, `world`), refused with
 * `path_outside_root` when it leaves the server's folder by `..` or through a symbolic link (the
 * deepest part that exists is resolved), as Wings confines them. `allowRoot: false` refuses the
 * folder itself (renaming or deleting `/`). The root must exist (sim-tree.ts writes it first).
 */
export function confine(root: string, path: string, options: { allowRoot?: boolean } = {}): string {
	if (typeof path !== 'string' || path.includes('\0'))
		refuse('path_outside_root', 'Not a path in the server’s folder');
	const target = resolve(root, `.${sep}${path.replace(/\\/g, '/')}`);
	const realRoot = realpathSync(root);
	let existing = target;
	// lstat, not exists: a link whose target is missing is still there, and is resolved below.
	while (!lstatSync(existing, { throwIfNoEntry: false }) && existing !== root)
		existing = dirname(existing);
	let real: string;
	try {
		real = join(realpathSync(existing), relative(existing, target));
	} catch {
		// A dangling link: where it points is unknown, so it is not ours to follow.
		refuse('path_outside_root', `${path} is outside the server’s folder`);
	}
	if (!inside(root, target) || !inside(realRoot, real))
		refuse('path_outside_root', `${path} is outside the server’s folder`);
	if (options.allowRoot === false && relative(root, target) === '')
		refuse('path_outside_root', 'The server’s folder itself cannot be changed');
	return target;
}

/** The customer's name for a host path inside a root: `/world/level.dat`. */
export const customerPath = (root: string, target: string) =>
	`/${relative(root, target).split(sep).join('/')}`;
