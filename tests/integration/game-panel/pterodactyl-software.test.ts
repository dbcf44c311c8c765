import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../../src/lib/games.ts';
import {
	GamePanelConfigError,
	GamePanelValidationError,
	getGamePanel,
	type GamePanel,
	type ServerRef,
} from '../../../src/server/game-panel/index.ts';
import { startFakePterodactyl, type FakePterodactyl } from './fake-pterodactyl/index.ts';
import { FROSTNODE_EGG } from './fake-pterodactyl/seed.ts';
import { fabulouslyOptimized, modpack } from './software-fixtures.ts';
import { fakeEnv, waitForState } from './targets.ts';

// What only the Pterodactyl adapter does when it installs software: the Java image for the
// version, every egg variable (the operator's too) in the startup body, a Minecraft egg that is
// not the installer refused as a configuration error, and an older Minecraft server moved onto it.

let fake: FakePterodactyl;
let panel: GamePanel;
beforeAll(async () => {
	fake = await startFakePterodactyl({ delayMs: 15 });
	panel = getGamePanel(fakeEnv(fake));
});
afterAll(() => fake.close());

const withEggs = (eggs: Record<string, unknown>) => {
	const env = fakeEnv(fake);
	return getGamePanel({
		...env,
		PTERODACTYL_EGGS: JSON.stringify({ ...JSON.parse(env.PTERODACTYL_EGGS), ...eggs }),
	});
};
const startups = (ref: ServerRef) =>
	fake.requests
		.filter(
			(r) => r.method === 'PATCH' && r.path === `application/servers/${ref.panelServerId}/startup`,
		)
		.map((r) => r.body as { image: string; egg: number; environment: Record<string, string> });

async function installed(on: GamePanel = panel) {
	const server = await on.createServer({
		...{
			serviceId: `svc_${Math.random()}`,
			game: 'minecraft',
			location: 'oslo',
			name: 'x',
			ramGb: 4,
			storageGb: 20,
		},
		customer: { email: 'kari@example.no', firstName: 'Kari', lastName: 'Nordmann' },
	});
	await waitForState(on, server, 'offline');
	return server;
}

describe('installing software on Pterodactyl', () => {
	it('runs each Minecraft version on the Java it needs', async () => {
		const server = await installed();
		for (const minecraftVersion of ['1.12.2', '1.18.2', '1.21.4', '26.1']) {
			await panel.installSoftware(
				server,
				{ kind: 'software', software: 'forge', minecraftVersion },
				{ freshWorld: false },
			);
			await waitForState(panel, server, 'offline');
		}
		expect(startups(server).map((body) => body.image.split(':')[1])).toEqual([
			'java_8',
			'java_17',
			'java_21',
			'java_25',
		]);
	});

	it("sends every egg variable, the operator's own, and the panel refuses a bad one", async () => {
		const minecraft = {
			nest: 1,
			egg: FROSTNODE_EGG,
			environment: { INSTALLER_CONTACT: 'ops@frostnode.example' },
		};
		const server = await installed();
		await withEggs({ minecraft }).installSoftware(server, modpack(fabulouslyOptimized), {
			freshWorld: false,
		});
		const [body] = startups(server);
		expect(body?.egg).toBe(FROSTNODE_EGG);
		expect(Object.keys(body!.environment).sort()).toEqual(
			fake.state.eggs
				.find((e) => e.id === FROSTNODE_EGG)!
				.variables.map((v) => v.env_variable)
				.sort(),
		);
		expect(body?.environment.INSTALLER_CONTACT).toBe('ops@frostnode.example');
		await waitForState(panel, server, 'offline');
		const tooLong = { ...minecraft, environment: { INSTALLER_CONTACT: 'x'.repeat(200) } };
		const refused = await withEggs({ minecraft: tooLong })
			.installSoftware(server, modpack(fabulouslyOptimized), { freshWorld: false })
			.catch((e: unknown) => e);
		expect(refused).toBeInstanceOf(GamePanelValidationError);
		expect((refused as GamePanelValidationError).fields).toHaveProperty([
			'environment.INSTALLER_CONTACT',
		]);
	});

	it('refuses, as a configuration error, a Minecraft egg that is not the installer', async () => {
		const plain = withEggs({ minecraft: { nest: 1, egg: 5 } });
		const server = await installed(plain);
		const refused = await plain
			.installSoftware(server, modpack(fabulouslyOptimized), { freshWorld: false })
			.catch((e: unknown) => e);
		expect(refused).toBeInstanceOf(GamePanelConfigError);
		expect((refused as Error).message).toContain('egg-frostnode-minecraft.json');
		expect(startups(server)).toEqual([]);
	});

	it('moves a Minecraft server made on an older egg of the nest onto the installer', async () => {
		const before = withEggs({ minecraft: { nest: 1, egg: 5 } });
		const server = await installed(before);
		const others = Object.fromEntries(
			games
				.filter((g) => g.id !== 'minecraft')
				.map((g) => [g.id, { nest: 1, egg: 6, environment: { HOSTNAME: 'x' } }]),
		);
		const after = withEggs({ ...others, minecraft: { nest: 1, egg: FROSTNODE_EGG } });
		await after.installSoftware(server, modpack(fabulouslyOptimized), { freshWorld: false });
		await waitForState(after, server, 'offline');
		expect(fake.state.servers.find((s) => s.id === server.panelServerId)?.egg).toBe(FROSTNODE_EGG);
	});
});
