import { describe, expect, it } from 'vitest';
import { games } from '../../lib/games';
import { readGamePanelConfig } from './config';
import { readPterodactyl as readPterodactylFile } from './config-pterodactyl';
import { findLocation } from '../../lib/locations/catalogue';
import { GamePanelConfigError } from './errors';
import { getGamePanel } from './index';

const eggs = Object.fromEntries(games.map((game) => [game.id, { nest: 1, egg: 5 }]));
const applicationKey = `ptla_${'a'.repeat(43)}`;
const clientKey = `ptlc_${'c'.repeat(43)}`;
const pterodactyl = {
	PTERODACTYL_URL: 'https://panel.frostnode.example/',
	PTERODACTYL_APPLICATION_KEY: applicationKey,
	PTERODACTYL_CLIENT_KEY: clientKey,
	PTERODACTYL_EGGS: JSON.stringify(eggs),
};

function readPterodactyl(env: Record<string, string>, readFile?: (path: string) => string) {
	const config = readGamePanelConfig(env, readFile);
	if (config.kind !== 'pterodactyl') throw new Error('expected the Pterodactyl configuration');
	return config;
}

describe('readGamePanelConfig', () => {
	it('simulates without a panel URL, 1.5 s per step unless told', () => {
		expect(readGamePanelConfig({})).toEqual({
			kind: 'simulated',
			delayMs: 1500,
			linkOrigin: 'http://127.0.0.1:4321',
		});
		expect(
			readGamePanelConfig({
				GAME_PANEL_SIM_DELAY_MS: '0',
				GAME_PANEL_SIM_FILE: '/tmp/sim.json',
				PUBLIC_SITE_URL: 'https://frostnode.example/',
			}),
		).toEqual({
			kind: 'simulated',
			delayMs: 0,
			file: '/tmp/sim.json',
			dir: '/tmp/sim-files',
			linkOrigin: 'https://frostnode.example',
		});
		expect(
			readGamePanelConfig({ GAME_PANEL_SIM_FILE: '/tmp/sim.json', GAME_PANEL_SIM_DIR: '/srv/sim' }),
		).toMatchObject({ file: '/tmp/sim.json', dir: '/srv/sim' });
		expect(() => readGamePanelConfig({ GAME_PANEL_SIM_DELAY_MS: 'soon' })).toThrow(
			/GAME_PANEL_SIM_DELAY_MS/,
		);
	});

	it('reads a complete Pterodactyl configuration', () => {
		expect(readGamePanelConfig(pterodactyl)).toEqual({
			kind: 'pterodactyl',
			url: 'https://panel.frostnode.example',
			applicationKey,
			clientKey,
			wingsOrigin: 'https://panel.frostnode.example',
			eggs,
			placement: { strategy: 'deploy', portRanges: [] },
		});
	});

	it("sends the console's Origin as set, else the panel's URL, exactly and without a slash", () => {
		const set = { ...pterodactyl, PTERODACTYL_WINGS_ORIGIN: 'https://www.frostnode.example/' };
		expect(readPterodactyl(set).wingsOrigin).toBe('https://www.frostnode.example');
		const wrong = { ...pterodactyl, PTERODACTYL_WINGS_ORIGIN: 'panel.frostnode.example' };
		expect(() => readGamePanelConfig(wrong)).toThrow(/PTERODACTYL_WINGS_ORIGIN must be/);
	});

	it('names everything missing at once, never falling back to the simulation', () => {
		const read = () => readGamePanelConfig({ PTERODACTYL_URL: 'https://panel.example' });
		expect(read).toThrow(GamePanelConfigError);
		for (const name of [
			'PTERODACTYL_APPLICATION_KEY is not set',
			'PTERODACTYL_CLIENT_KEY is not set',
			'PTERODACTYL_EGGS is not set',
		])
			expect(read).toThrow(name);
	});

	it('refuses swapped or foreign keys without repeating them', () => {
		const swapped = {
			...pterodactyl,
			PTERODACTYL_APPLICATION_KEY: clientKey,
			PTERODACTYL_CLIENT_KEY: 'pacc_secret',
		};
		expect(() => readGamePanelConfig(swapped)).toThrow(/APPLICATION_KEY must be .* ptla_ key/);
		expect(() => readGamePanelConfig(swapped)).toThrow(/Pelican keys are not supported/);
		expect(() => readGamePanelConfig(swapped)).toThrow(
			expect.objectContaining({ message: expect.not.stringMatching(/cccc|secret/) }),
		);
	});

	it('sends keys over plain HTTP only on loopback', () => {
		expect(() =>
			readGamePanelConfig({ ...pterodactyl, PTERODACTYL_URL: 'http://panel.example' }),
		).toThrow(/must be https/);
		const local = { ...pterodactyl, PTERODACTYL_URL: 'http://127.0.0.1:8080/panel/' };
		expect(readGamePanelConfig(local)).toMatchObject({ url: 'http://127.0.0.1:8080/panel' });
	});

	it('needs an egg for every game we sell, and only for those', () => {
		const { rust: _rust, valheim: _valheim, ...some } = eggs;
		const partial = {
			...pterodactyl,
			PTERODACTYL_EGGS: JSON.stringify({ ...some, doom: eggs.eco }),
		};
		expect(() => readGamePanelConfig(partial)).toThrow(/no egg for: rust, valheim/);
		expect(() => readGamePanelConfig(partial)).toThrow(/unknown games: doom/);
		const bad = { ...pterodactyl, PTERODACTYL_EGGS: JSON.stringify({ ...eggs, eco: { nest: 1 } }) };
		expect(() => readGamePanelConfig(bad)).toThrow(/PTERODACTYL_EGGS eco.egg/);
		expect(() => readGamePanelConfig({ ...pterodactyl, PTERODACTYL_EGGS: '{nope' })).toThrow(
			/could not be read as JSON/,
		);
	});

	it('reads the eggs from a file when given a path', () => {
		const files: Record<string, string> = { '/etc/frostnode/eggs.json': JSON.stringify(eggs) };
		const env = { ...pterodactyl, PTERODACTYL_EGGS: '/etc/frostnode/eggs.json' };
		expect(readPterodactyl(env, (path) => files[path] ?? '').eggs).toEqual(eggs);
	});

	it('places by deploy with port ranges, each location where the catalogue says', () => {
		const ranges = { ...pterodactyl, PTERODACTYL_PORT_RANGE: '25565, 27000-27100' };
		expect(readPterodactyl(ranges).placement).toEqual({
			strategy: 'deploy',
			portRanges: ['25565', '27000-27100'],
		});
		expect(() => readGamePanelConfig({ ...ranges, PTERODACTYL_PORT_RANGE: 'all' })).toThrow(
			/PTERODACTYL_PORT_RANGE/,
		);
		expect(() => readGamePanelConfig({ ...pterodactyl, PTERODACTYL_ALLOCATION: 'auto' })).toThrow(
			/deploy or node/,
		);
		// The catalogue is the one list of panel locations: the old setting is refused, not ignored.
		expect(() => readGamePanelConfig({ ...pterodactyl, PTERODACTYL_LOCATION_IDS: '1,3' })).toThrow(
			/PTERODACTYL_LOCATION_IDS is no longer read \(remove it\): .*game\.panelLocationIds in content\/catalogue\/locations\.json/,
		);
	});

	it('places on one node only where the catalogue sells games in one location', () => {
		const node = { ...pterodactyl, PTERODACTYL_ALLOCATION: 'node', PTERODACTYL_NODE_ID: '7' };
		expect(() => readGamePanelConfig(node)).toThrow(
			'PTERODACTYL_ALLOCATION=node puts every server on one node, but content/catalogue/locations.json sells game servers in oslo, frankfurt, stockholm: use deploy',
		);
		const oneLocation = [findLocation('oslo')!];
		expect(readPterodactylFile(node, () => '', oneLocation).placement).toEqual({
			strategy: 'node',
			nodeId: 7,
		});
		expect(() =>
			readPterodactylFile({ ...node, PTERODACTYL_NODE_ID: '' }, () => '', oneLocation),
		).toThrow(/PTERODACTYL_NODE_ID/);
	});
});

describe('getGamePanel', () => {
	it('gives a panel that rejects every call when Pterodactyl is half configured', async () => {
		const panel = getGamePanel({ PTERODACTYL_URL: 'https://panel.example' });
		const ref = { panelServerId: 1, identifier: 'abcd1234' };
		await expect(panel.state(ref)).rejects.toThrow(GamePanelConfigError);
		await expect(panel.findServer('svc')).rejects.toThrow(/PTERODACTYL_EGGS is not set/);
		expect(panel.panelUrl(ref)).toBeNull();
	});

	it('is the same simulation while the settings stay the same', () => {
		const env = { GAME_PANEL_SIM_DELAY_MS: '0' };
		expect(getGamePanel(env)).toBe(getGamePanel({ ...env }));
	});
});
