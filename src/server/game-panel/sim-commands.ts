import type { SimContext } from './sim-context';
import { simGame } from './sim-games';
import { logCommand, playersOnline } from './sim-log';
import { afterSignal, stateAt } from './sim-timeline';
import { maxPlayers } from './sim-tree';
import type { ServerRef } from './types';

// What a simulated game server answers to a console command: the handful every host's customers
// type (`say`, `op`, `list`, `help`, time and weather on Minecraft), and the game's own "unknown
// command" line for the rest; `stop` stops it.

export interface CommandContext {
	game: string;
	players: readonly string[];
	maxPlayers: number;
}

const isMinecraft = (game: string) => game === 'minecraft';

function list({ game, players, maxPlayers }: CommandContext): string {
	const names = players.join(', ');
	return isMinecraft(game)
		? `There are ${players.length} of a max of ${maxPlayers} players online: ${names}`
		: `Players connected (${players.length}/${maxPlayers}): ${names}`;
}

// Maps, not objects: a typed `constructor` must not find Object's.
const ticks = new Map(Object.entries({ day: 1000, noon: 6000, night: 13000, midnight: 18000 }));
const weathers = new Map(
	Object.entries({ clear: 'clear', rain: 'rain', thunder: 'rain and thunder' }),
);

type Answer = (args: string, context: CommandContext) => string[] | null;

const answers = new Map<string, Answer>(
	Object.entries({
		say: (text) => (text ? [`[Server] ${text}`] : null),
		op: (name) => (name ? [`Made ${name} a server operator`] : null),
		deop: (name) => (name ? [`Made ${name} no longer a server operator`] : null),
		list: (_args, context) => [list(context)],
		help: () => ['/help [<command>]', '/list', '/op <targets>', '/say <message>', '/stop'],
		time: (args, { game }) => {
			const value = /^set (day|night|noon|midnight|\d+)$/.exec(args)?.[1];
			if (!isMinecraft(game) || !value) return null;
			return [`Set the time to ${ticks.get(value) ?? value}`];
		},
		weather: (args, { game }) => {
			const kind = weathers.get(args);
			return isMinecraft(game) && kind ? [`Changing to ${kind}`] : null;
		},
	} satisfies Record<string, Answer>),
);

/** The server's answer to `command` (already trimmed, not empty). */
export function answerCommand(command: string, context: CommandContext): string[] {
	const [name = '', ...rest] = command.replace(/^\//, '').split(/\s+/);
	const answer = answers.get(name.toLowerCase())?.(rest.join(' '), context);
	if (answer) return answer;
	const game = simGame(context.game);
	return isMinecraft(context.game)
		? [game.unknown(command), `${command}<--[HERE]`]
		: [game.unknown(command)];
}

/**
 * A command sent to the console: written to the log with the answer, `stop` obeyed. False when the
 * server cannot take it (not starting or running): Wings drops it then, and nothing is said.
 */
export function runCommand(context: SimContext, ref: ServerRef, root: string, text: string) {
	const server = context.find(ref);
	const at = context.now();
	const timeline = context.timelineAt(server, at);
	const state = stateAt(timeline, at);
	if (server.suspended || (state !== 'running' && state !== 'starting')) return false;
	const players = playersOnline(timeline, at);
	const answer = answerCommand(text, {
		game: server.game,
		players,
		maxPlayers: maxPlayers(server.build.ramGb),
	});
	logCommand(root, server, at, [`> ${text}`, ...answer]);
	if (/^\/?stop$/i.test(text)) {
		context.signal(
			server,
			timeline,
			afterSignal(timeline, 'stop', at, context.config.delayMs)!,
			at,
		);
		context.save();
	}
	return true;
}
