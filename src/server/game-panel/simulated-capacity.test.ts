import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readGamePanelConfig } from './config';
import { GamePanelConfigError, GamePanelError, GamePanelValidationError } from './errors';
import { createSimulatedPanel } from './simulated';
import type { CreateServerInput } from './types';

// The simulated panel's locations: each has room (GAME_PANEL_SIM_CAPACITY, else a generous
// default) that its servers use up, as a Pterodactyl node's memory and disk limits do.

const dir = mkdtempSync(join(tmpdir(), 'frostnode-sim-capacity-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let serial = 0;
const order = (location: CreateServerInput['location'], ramGb = 4, storageGb = 40) => ({
	serviceId: `svc_${++serial}`,
	customer: { email: 'kari@example.no', firstName: 'Kari', lastName: 'Nordmann' },
	game: 'valheim' as const,
	location,
	name: 'Kari sin verden',
	ramGb,
	storageGb,
});

const size = (ramGb: number, storageGb: number) => ({ ramGb, storageGb, cpuPercent: 0 });

function panel(env: Record<string, string> = {}) {
	const config = readGamePanelConfig({ GAME_PANEL_SIM_DELAY_MS: '0', ...env });
	if (config.kind !== 'simulated') throw new Error('expected the simulation');
	return createSimulatedPanel(config);
}

describe('the simulated panel’s locations', () => {
	it('offers every game location of the catalogue with room by default, and no other', async () => {
		const p = panel();
		const big = size(64, 500);
		expect(await p.hasRoom('oslo', big)).toBe(true);
		expect(await p.hasRoom('frankfurt', big)).toBe(true);
		expect(await p.hasRoom('stockholm', big)).toBe(true);
		expect(await p.hasRoom('copenhagen', size(1, 1))).toBe(false);
		const refused = p.createServer(order('copenhagen'));
		await expect(refused).rejects.toBeInstanceOf(GamePanelValidationError);
		await expect(refused).rejects.toThrow(/location: is not a location with game servers/);
	});

	it('fills a location up, refuses it like a full deployment, and frees it on delete', async () => {
		const p = panel({ GAME_PANEL_SIM_CAPACITY: 'frankfurt=8:100' });
		const first = await p.createServer(order('frankfurt'));
		expect(await p.hasRoom('frankfurt', size(4, 60))).toBe(true);
		expect(await p.hasRoom('frankfurt', size(4, 61))).toBe(false);
		await p.createServer(order('frankfurt'));
		expect(await p.hasRoom('frankfurt', size(0.5, 1))).toBe(false);
		const full = p.createServer(order('frankfurt'));
		await expect(full).rejects.toBeInstanceOf(GamePanelError);
		await expect(full).rejects.toMatchObject({ status: 400, code: 'NoViableNodeException' });
		expect(await p.hasRoom('oslo', size(4, 40))).toBe(true);
		await p.delete(first);
		expect(await p.hasRoom('frankfurt', size(4, 40))).toBe(true);
	});

	it('counts a grown build, and never reports less than nothing', async () => {
		const p = panel({ GAME_PANEL_SIM_CAPACITY: 'oslo=8:100' });
		const server = await p.createServer(order('oslo', 4, 40));
		await p.updateBuild(server, { ramGb: 16, storageGb: 40 });
		expect(await p.hasRoom('oslo', size(0.5, 1))).toBe(false);
		await p.updateBuild(server, { ramGb: 4, storageGb: 40 });
		expect(await p.hasRoom('oslo', size(4, 60))).toBe(true);
	});

	it('keeps each server’s location in its file; servers from before locations are in Oslo', async () => {
		const file = join(dir, 'old.json');
		const old = { ...order('oslo', 6, 10), location: undefined };
		const server = { ...old, panelServerId: 1, identifier: 'abcd1234', owner: 'kari@example.no' };
		writeFileSync(
			file,
			JSON.stringify({
				nextId: 2,
				servers: [
					{
						...server,
						build: { ramGb: 6, storageGb: 10, cpuPercent: 0 },
						port: 25500,
						suspended: false,
						timeline: [{ at: 0, state: 'offline' }],
					},
				],
			}),
		);
		const p = panel({ GAME_PANEL_SIM_FILE: file, GAME_PANEL_SIM_CAPACITY: 'oslo=8:100' });
		expect(await p.hasRoom('oslo', size(3, 1))).toBe(false);
		expect(await p.hasRoom('oslo', size(2, 1))).toBe(true);
		await p.createServer(order('frankfurt'));
		const again = panel({ GAME_PANEL_SIM_FILE: file, GAME_PANEL_SIM_CAPACITY: 'frankfurt=4:40' });
		expect(await again.hasRoom('frankfurt', size(0.5, 1))).toBe(false);
	});

	it('names a capacity it cannot read', () => {
		for (const bad of ['atlantis=8:100', 'oslo=8', 'oslo=eight:100'])
			expect(() => readGamePanelConfig({ GAME_PANEL_SIM_CAPACITY: bad })).toThrow(
				GamePanelConfigError,
			);
		expect(readGamePanelConfig({ GAME_PANEL_SIM_CAPACITY: 'frankfurt=8:100' })).toMatchObject({
			capacity: { frankfurt: { memoryGb: 8, diskGb: 100 } },
		});
	});
});
