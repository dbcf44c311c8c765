import type { FakeAllocation, FakeEgg, FakeUser } from './state';

// What a fresh fake panel holds: one location with one node and its ports, a root admin, and eggs
// that behave like real ones (a variable with a default, and an egg whose required variable has
// none, as Rust's hostname).

export const NODE = {
	id: 1,
	location_id: 1,
	fqdn: 'node1.fake.frostnode.example',
	daemon_sftp: 2022,
};

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
];

export const seedAllocations = (): FakeAllocation[] =>
	Array.from({ length: 40 }, (_, i) => ({
		id: 100 + i,
		node: NODE.id,
		ip: '10.0.0.1',
		// Some ports carry a public alias, some only the IP, as real nodes do.
		alias: i % 2 === 0 ? 'play.fake.frostnode.example' : null,
		port: 25565 + i,
		server: null,
	}));
