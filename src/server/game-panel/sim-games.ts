import { findGame } from '../../lib/games';

// What a simulated server of each game looks like: the files its install leaves (its own config
// file names, a world as binary data, the log) and how its console talks. Data, not code: a game
// without an entry gets the generic one.

export interface TreeContext {
	name: string;
	port: number;
	maxPlayers: number;
}

export interface SimGame {
	/** Text files by path, written when the install completes. */
	config: Record<string, (server: TreeContext) => string>;
	/** The world's binary save, by path. */
	world: string;
	startup: (server: TreeContext) => string[];
	done: string;
	stopping: string[];
	joined: (player: string) => string;
	unknown: (command: string) => string;
	/** One log line as the game writes it. */
	line: (at: number, text: string) => string;
}

const clock = (at: number) => new Date(at).toISOString().slice(11, 19);
const stamped = (at: number, text: string) =>
	`[${new Date(at).toISOString().slice(0, 19).replace('T', ' ')}] ${text}`;

const minecraft: SimGame = {
	config: {
		'/server.properties': (s) =>
			[
				'#Minecraft server properties',
				'enable-command-block=false',
				'gamemode=survival',
				'level-name=world',
				`motd=${s.name}`,
				'pvp=true',
				'difficulty=easy',
				`max-players=${s.maxPlayers}`,
				'online-mode=true',
				'white-list=false',
				`server-port=${s.port}`,
				'spawn-protection=16',
				'view-distance=10',
				'',
			].join('\n'),
		'/eula.txt': () =>
			'#By changing the setting below to TRUE you are indicating your agreement to our EULA (https://aka.ms/MinecraftEULA).\neula=true\n',
		'/ops.json': () => '[]\n',
		'/whitelist.json': () => '[]\n',
	},
	world: '/world/level.dat',
	startup: (s) => [
		'Starting minecraft server version 1.21.4',
		'Loading properties',
		'Default game type: SURVIVAL',
		`Starting Minecraft server on *:${s.port}`,
		'Preparing level "world"',
		'Preparing spawn area: 100%',
	],
	done: 'Done (4.213s)! For help, type "help"',
	stopping: ['Stopping the server', 'Stopping server', 'Saving players', 'Saving worlds'],
	joined: (player) => `${player} joined the game`,
	unknown: () => 'Unknown or incomplete command, see below for error',
	line: (at, text) => `[${clock(at)}] [Server thread/INFO]: ${text}`,
};

/** A game with an ini-style config and a save file: most dedicated servers. */
function generic(gameId: string, configPath: string, world: string): SimGame {
	const game = findGame(gameId)?.name ?? gameId;
	return {
		config: {
			[configPath]: (s) =>
				`ServerName=${s.name}\nPort=${s.port}\nMaxPlayers=${s.maxPlayers}\nPassword=\n`,
		},
		world,
		startup: (s) => [
			`Starting ${game} dedicated server`,
			`Loading configuration from ${configPath.slice(1)}`,
			'Loading world',
			`Listening on port ${s.port}`,
		],
		done: 'Server is ready',
		stopping: ['Shutting down', 'World saved'],
		joined: (player) => `Player ${player} connected`,
		unknown: (command) => `Unknown command: ${command.split(' ')[0]}`,
		line: stamped,
	};
}

const games: Record<string, SimGame> = {
	minecraft,
	palworld: generic(
		'palworld',
		'/Pal/Saved/Config/LinuxServer/PalWorldSettings.ini',
		'/Pal/Saved/SaveGames/0/Level.sav',
	),
	rust: generic('rust', '/server/rust/cfg/server.cfg', '/server/rust/proceduralmap.4000.sav'),
	valheim: generic('valheim', '/valheim_server.cfg', '/worlds_local/Dedicated.db'),
	terraria: generic('terraria', '/serverconfig.txt', '/worlds/world.wld'),
	'project-zomboid': generic('project-zomboid', '/Server/servertest.ini', '/Saves/map.bin'),
	satisfactory: generic('satisfactory', '/Config/ServerSettings.ini', '/SaveGames/world.sav'),
	enshrouded: generic('enshrouded', '/enshrouded_server.json', '/savegame/world.sav'),
};

export function simGame(gameId: string): SimGame {
	return games[gameId] ?? generic(gameId, '/server-config.ini', '/saves/world.sav');
}

/** Who joins a running simulated server, and when (ms after it started): deterministic. */
export const visitors = [
	{ name: 'Sondre', after: 45_000 },
	{ name: 'Freja', after: 4 * 60_000 },
	{ name: 'Lukas', after: 11 * 60_000 },
] as const;
