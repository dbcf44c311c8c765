import {
	appendFileSync,
	existsSync,
	mkdirSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { simGame } from './sim-games';
import { simInstallPlan } from './sim-install-plan';
import { confine } from './sim-paths';
import type { SimServer } from './sim-store';
import { LOG_PATH, maxPlayers } from './sim-tree';

// A simulated software change as time passes, as the installer egg does it: its log lines in the
// console log while it runs, then its files. The previous install's files (listed in
// .frostnode/pack-files.txt, like the egg's) go first, and the worlds with a fresh world; the
// customer's own files stay. Computed when the server is next read, like the rest.

export const MANIFEST = '.frostnode/pack-files.txt';
/** Software only, rebuilt by every install (the egg removes the same). */
const SOFTWARE = ['libraries', 'versions', 'unix_args.txt', '.serverjar'];

/** When each of an install's log lines is written: spread from its start to its end. */
function lineTimes(pending: NonNullable<SimServer['pendingInstall']>) {
	const { at, until, lines } = pending;
	const step = lines.length > 1 ? (until - at) / (lines.length - 1) : 0;
	return lines.map((text, i) => ({ at: Math.round(at + i * step), text }));
}

const clock = (at: number) => new Date(at).toISOString().slice(11, 19);

/** Writes the install lines due in (from, to] to the console log. */
function writeLines(
	root: string,
	pending: NonNullable<SimServer['pendingInstall']>,
	from: number,
	to: number,
) {
	const due = lineTimes(pending).filter((line) => line.at > from && line.at <= to);
	if (due.length === 0 || !existsSync(root)) return;
	const log = confine(root, LOG_PATH);
	mkdirSync(dirname(log), { recursive: true });
	appendFileSync(log, due.map((l) => `[${clock(l.at)}] [Installer]: ${l.text}\n`).join(''));
}

/** The lines due at the start (the first one, at `at`), written when the install is accepted. */
export function startInstallLog(root: string, server: SimServer) {
	const pending = server.pendingInstall;
	if (pending) writeLines(root, pending, pending.at - 1, pending.at);
}

function remove(root: string, path: string) {
	try {
		rmSync(confine(root, path, { allowRoot: false }), { recursive: true, force: true });
	} catch {
		// A path the customer turned into a link out of the folder: not ours to follow.
	}
}

function levelName(root: string): string {
	const properties = confine(root, 'server.properties');
	const text = existsSync(properties) ? readFileSync(properties, 'utf8') : '';
	return /^level-name=(.+)$/m.exec(text)?.[1]?.trim() || 'world';
}

function applyFiles(root: string, server: SimServer, files: Map<string, string>, fresh: boolean) {
	const manifest = confine(root, MANIFEST);
	if (existsSync(manifest))
		for (const path of readFileSync(manifest, 'utf8').split('\n')) if (path) remove(root, path);
	for (const path of SOFTWARE) remove(root, path);
	if (fresh)
		for (const suffix of ['', '_nether', '_the_end']) remove(root, levelName(root) + suffix);
	for (const [path, content] of files) {
		const target = confine(root, path);
		mkdirSync(dirname(target), { recursive: true });
		writeFileSync(target, content);
	}
	mkdirSync(dirname(manifest), { recursive: true });
	writeFileSync(manifest, [...files.keys()].map((path) => `${path}\n`).join(''));
	// A server whose configuration was deleted gets the game's again, as a first start writes it.
	const context = {
		name: server.name,
		port: server.port,
		maxPlayers: maxPlayers(server.build.ramGb),
	};
	for (const [path, text] of Object.entries(simGame(server.game).config))
		if (!existsSync(confine(root, path))) writeFileSync(confine(root, path), text(context));
}

/**
 * Brings a server's software change up to `at`: the log lines due, and once it has ended its
 * files (or the failure). True when the state changed and needs saving.
 */
export function advanceInstall(root: string, server: SimServer, at: number): boolean {
	const pending = server.pendingInstall;
	if (!pending) return false;
	const from = server.logUntil ?? pending.at;
	const to = Math.min(at, pending.until);
	writeLines(root, pending, from, to);
	const moved = to > from;
	if (moved) server.logUntil = to;
	if (at < pending.until) return moved;
	let failed = pending.failed;
	if (!failed) {
		const plan = simInstallPlan(pending.install, () => true);
		try {
			applyFiles(root, server, plan.files, pending.freshWorld);
		} catch {
			failed = true;
		}
	}
	delete server.pendingInstall;
	if (failed) server.installFailed = true;
	else delete server.installFailed;
	return true;
}
