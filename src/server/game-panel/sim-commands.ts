import { simGame } from './sim-games';

// What a simulated game server answers to a console command: the handful every host's customers
// type (`say`, `op`, `list`, `help`, time and weather on Minecraft), and the game's own "unknown
// command" line for the rest. `stop` is answered by stopping, which the caller does.

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
