import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getGamePanel } from '../../../src/server/game-panel/index.ts';
import type { GamePanel, ServerRef } from '../../../src/server/game-panel/types.ts';
import { startFakePterodactyl, type FakePterodactyl } from './fake-pterodactyl/index.ts';
import { FROSTNODE_EGG } from './fake-pterodactyl/seed.ts';
import { fakeEnv, waitForState } from './targets.ts';

// The fake panel's startup and reinstall routes, called raw: they must refuse what the panel
// refuses, and do what it does even where that hurts (a reinstall lifts a suspension), or the
// adapter's checks prove nothing.

let fake: FakePterodactyl;
let panel: GamePanel;
beforeAll(async () => {
	fake = await startFakePterodactyl({ delayMs: 15 });
	panel = getGamePanel(fakeEnv(fake));
});
afterAll(() => fake.close());

const send = (method: string, path: string, body?: unknown) =>
	fetch(`${fake.url}/api/application${path}`, {
		method,
		headers: {
			Authorization: `Bearer ${fake.applicationKey}`,
			Accept: 'application/json',
			'Content-Type': 'application/json',
		},
		...(body === undefined ? {} : { body: JSON.stringify(body) }),
	});

const environment = {
	SOFTWARE: 'paper',
	MC_VERSION: '1.21.4',
	MODRINTH_PROJECT_ID: '',
	MODRINTH_VERSION_ID: '',
	MODPACK_LOADER: '',
	MODPACK_LOADER_VERSION: '',
	FRESH_WORLD: '0',
	INSTALL_ID: 'a1b2c3',
	INSTALLER_CONTACT: '',
};
const startup = (extra: Record<string, unknown> = {}) => ({
	startup: 'java -jar x.jar',
	environment,
	egg: FROSTNODE_EGG,
	image: 'ghcr.io/ptero-eggs/yolks:java_21',
	skip_scripts: false,
	...extra,
});

async function server(): Promise<ServerRef> {
	const created = await panel.createServer({
		...{
			serviceId: `svc_${Math.random()}`,
			game: 'minecraft',
			location: 'oslo',
			name: 'x',
			ramGb: 2,
			storageGb: 10,
		},
		customer: { email: 'kari@example.no', firstName: 'Kari', lastName: 'Nordmann' },
	});
	await waitForState(panel, created, 'offline');
	return created;
}

describe("the fake panel's startup and reinstall", () => {
	it('validates the body and every egg variable by its rules, with source_field and rule', async () => {
		const { panelServerId: id } = await server();
		const bad = await send('PATCH', `/servers/${id}/startup`, {
			...startup({ image: 'bad image $(rm)', skip_scripts: 'maybe' }),
			environment: {
				...environment,
				SOFTWARE: 'bukkit',
				MODRINTH_VERSION_ID: 'short',
				FRESH_WORLD: undefined,
			},
		});
		expect(bad.status).toBe(422);
		const { errors } = (await bad.json()) as {
			errors: { meta: { source_field: string; rule: string } }[];
		};
		expect(errors.map((e) => `${e.meta.source_field}:${e.meta.rule}`).sort()).toEqual([
			'environment.FRESH_WORLD:required',
			'environment.MODRINTH_VERSION_ID:regex',
			'environment.SOFTWARE:in',
			'image:regex',
			'skip_scripts:boolean',
		]);
		const before = fake.state.servers.find((s) => s.id === id)!.environment;
		expect(before.SOFTWARE).toBe('vanilla');
		const good = await send('PATCH', `/servers/${id}/startup`, startup());
		expect(good.status).toBe(200);
		expect(fake.state.servers.find((s) => s.id === id)).toMatchObject({
			environment: { SOFTWARE: 'paper', MODRINTH_PROJECT_ID: '' },
			docker_image: 'ghcr.io/ptero-eggs/yolks:java_21',
		});
		// An empty environment leaves the variables alone, as the panel's service does.
		expect(
			(await send('PATCH', `/servers/${id}/startup`, startup({ environment: {} }))).status,
		).toBe(200);
		expect(fake.state.servers.find((s) => s.id === id)!.environment.SOFTWARE).toBe('paper');
	});

	it('reinstalls with 204, installing then done; 409 while a power action runs', async () => {
		const ref = await server();
		fake.state.delayMs = 60_000;
		await panel.power(ref, 'start');
		const busy = await send('POST', `/servers/${ref.panelServerId}/reinstall`);
		expect(busy.status).toBe(409);
		expect(fake.state.servers.find((s) => s.id === ref.panelServerId)!.status).toBeNull();
		fake.state.delayMs = 15;
		await panel.power(ref, 'kill');
		expect((await send('POST', `/servers/${ref.panelServerId}/reinstall`)).status).toBe(204);
		expect(fake.state.servers.find((s) => s.id === ref.panelServerId)!.status).toBe('installing');
		await waitForState(panel, ref, 'offline');
	});

	it('fails an install that would leave no start file, and lifts a suspension on reinstall', async () => {
		const ref = await server();
		const id = ref.panelServerId;
		const neoforge = {
			SOFTWARE: 'modrinth',
			MODRINTH_PROJECT_ID: 'Ns1aQ5ZT',
			MODRINTH_VERSION_ID: 'ZvXh2bNw',
		};
		const pack = { ...environment, ...neoforge, MC_VERSION: '1.21.1', MODPACK_LOADER: 'neoforge' };
		await send(
			'PATCH',
			`/servers/${id}/startup`,
			startup({ environment: { ...pack, MODPACK_LOADER_VERSION: '20.4.237' } }),
		);
		await send('POST', `/servers/${id}/reinstall`);
		await waitForState(panel, ref, 'install_failed');
		expect(fake.state.servers.find((s) => s.id === id)!.status).toBe('reinstall_failed');
		await panel.suspend(ref);
		await send('PATCH', `/servers/${id}/startup`, startup());
		await send('POST', `/servers/${id}/reinstall`);
		// What the adapter must never do: the install's status replaced the suspension.
		expect(fake.state.servers.find((s) => s.id === id)!.status).toBe('installing');
		await waitForState(panel, ref, 'offline');
	});
});
