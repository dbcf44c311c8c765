import { readFileSync } from 'node:fs';
import type { FakeAllocation, FakeEgg, FakeNode, FakeUser } from './state';

// What a fresh fake panel holds: the catalogue's three panel locations (Oslo 1, Frankfurt 2,
// Stockholm 3), each with one node and its ports, a root admin, and eggs
// that behave like real ones (a variable with a default, and an egg whose required variable has
// none, as Rust's hostname), and the installer egg the repository ships (ops/pterodactyl), imported
// as an operator imports it: its variables and their rules are the panel's checks.

/** The egg id the Frostnode Minecraft egg gets on import. */
export const FROSTNODE_EGG = 15;

interface EggExport {
	docker_images: Record<string, string>;
	startup: string;
	variables: { env_variable: string; default_value: string; rules: string }[];
}

function frostnodeEgg(): FakeEgg {
	const file = new URL('../../../../ops/pterodactyl/egg-frostnode-minecraft.json', import.meta.url);
	const egg = JSON.parse(readFileSync(file, 'utf8')) as EggExport;
	return {
		id: FROSTNODE_EGG,
		nest: 1,
		docker_image: Object.values(egg.docker_images)[0]!,
		docker_images: egg.docker_images,
		startup: egg.startup,
		variables: egg.variables.map(({ env_variable, default_value, rules }) => ({
			env_variable,
			default_value,
			rules,
		})),
	};
}

export const NODE = {
	id: 1,
	location_id: 1,
	fqdn: 'node1.fake.frostnode.example',
	daemon_sftp: 2022,
};

/** Pterodactyl's locations, as an operator names them: `short` is the code, `long` the city. */
export const LOCATIONS = [
	{ id: 1, short: 'no-osl', long: 'Oslo' },
	{ id: 2, short: 'de-fra', long: 'Frankfurt' },
	{ id: 3, short: 'se-sto', long: 'Stockholm' },
];

// 1000 GiB of memory and 10000 GiB of disk each, no over-allocation: room for every test's
// servers; a test that fills a node lowers its limits.
const room = { memory: 1_024_000, memory_overallocate: 0, disk: 10_240_000, disk_overallocate: 0 };

export const seedNodes = (): FakeNode[] => [
	{ ...NODE, name: 'osl-1', public: true, maintenance_mode: false, ...room },
	...[2, 3].map((id) => ({
		...{ id, location_id: id, fqdn: `node${id}.fake.frostnode.example`, daemon_sftp: 2022 },
		...{ name: `${LOCATIONS[id - 1]!.short.slice(3)}-1`, public: true, maintenance_mode: false },
		...room,
	})),
];

export const seedUsers = (): FakeUser[] => [
	{
		...{ id: 1, external_id: null, username: 'admin', email: 'ops@frostnode.example' },
		...{ first_name: 'Ops', last_name: 'Admin', language: 'en', root_admin: true, password: 'x' },
	},
];

export const seedEggs = (): FakeEgg[] => [
	{
		id: 5,
		nest: 1,
		docker_image: 'ghcr.io/pterodactyl/yolks:java_21',
		startup: 'java -Xms128M -Xmx{{SERVER_MEMORY}}M -jar {{SERVER_JARFILE}}',
		variables: [
			{
				env_variable: 'SERVER_JARFILE',
				default_value: 'server.jar',
				rules: 'required|string|max:20',
			},
			{ env_variable: 'MOTD', default_value: '', rules: 'nullable|string|max:60' },
		],
	},
	{
		id: 6,
		nest: 1,
		docker_image: 'ghcr.io/pterodactyl/games:rust',
		startup: './RustDedicated -batchmode +server.hostname "{{HOSTNAME}}"',
		variables: [{ env_variable: 'HOSTNAME', default_value: '', rules: 'required|string|max:60' }],
	},
	frostnodeEgg(),
];

/** 40 ports on node 1 (ids 100…), 20 on each other node (ids 200…, 300…). */
export const seedAllocations = (): FakeAllocation[] =>
	seedNodes().flatMap((node) =>
		Array.from({ length: node.id === NODE.id ? 40 : 20 }, (_, i) => ({
			id: node.id * 100 + i,
			node: node.id,
			ip: `10.0.0.${node.id}`,
			// Some ports carry a public alias, some only the IP, as real nodes do.
			alias: i % 2 === 0 ? `play${node.id === 1 ? '' : node.id}.fake.frostnode.example` : null,
			port: 25565 + i,
			server: null,
		})),
	);
