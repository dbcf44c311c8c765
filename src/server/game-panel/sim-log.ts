import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { simGame, visitors } from './sim-games';
import { confine } from './sim-paths';
import { runningSince, type Step } from './sim-timeline';
import { LOG_PATH } from './sim-tree';
import type { SimServer } from './sim-store';

// The simulated server's console log (`logs/latest.log`), written from its timeline: start-up
// lines when it starts, "Done" when it runs, the odd player joining, the shutdown. Like the rest
// of the simulation it is computed when read: each call writes what happened since the last
// (`logUntil`, kept in the state file so two processes never write a line twice). Commands and
// their answers are written as they are sent.

interface Line {
	at: number;
	text: string;
}

/** What the server wrote in (from, to], from its timeline. */
export function linesBetween(
	server: SimServer,
	timeline: readonly Step[],
	from: number,
	to: number,
) {
	const game = simGame(server.game);
	const context = { name: server.name, port: server.port, maxPlayers: 0 };
	const lines: Line[] = [];
	const add = (at: number, texts: string[]) => {
		if (at > from && at <= to) for (const text of texts) lines.push({ at, text });
	};
	timeline.forEach((step, index) => {
		if (step.state === 'starting') add(step.at, game.startup(context));
		if (step.state === 'stopping') add(step.at, game.stopping);
		if (step.state !== 'running') return;
		add(step.at, [game.done]);
		const end = timeline[index + 1]?.at ?? Infinity;
		for (const visitor of visitors)
			if (step.at + visitor.after < end) add(step.at + visitor.after, [game.joined(visitor.name)]);
	});
	return lines.sort((a, b) => a.at - b.at);
}

/** Who is on the server at `at`: the visitors that joined since it last started. */
export function playersOnline(timeline: readonly Step[], at: number): string[] {
	const since = runningSince(timeline, at);
	return since === null ? [] : visitors.filter((v) => since + v.after <= at).map((v) => v.name);
}

function append(root: string, server: SimServer, lines: readonly Line[]) {
	if (lines.length === 0) return;
	const game = simGame(server.game);
	let file;
	try {
		file = confine(root, LOG_PATH);
	} catch {
		return; // The customer turned the log into a link out of the folder: not ours to follow.
	}
	mkdirSync(dirname(file), { recursive: true });
	appendFileSync(file, lines.map((line) => `${game.line(line.at, line.text)}\n`).join(''));
}

/**
 * Writes the lines due by `to`; true when it wrote any (`logUntil` moved: the state needs saving).
 * Nothing due moves nothing, so reading a server's state does not write the state file.
 */
export function catchUpLog(root: string, server: SimServer, timeline: readonly Step[], to: number) {
	const from = server.logUntil ?? to;
	const lines = linesBetween(server, timeline, from, to);
	if (lines.length === 0) return false;
	append(root, server, lines);
	server.logUntil = to;
	return true;
}

/** Writes a command as the console shows it, and the server's answer, now. */
export function logCommand(root: string, server: SimServer, at: number, texts: string[]) {
	append(
		root,
		server,
		texts.map((text) => ({ at, text })),
	);
}
