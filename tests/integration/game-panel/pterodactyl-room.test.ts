import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
	GamePanelError,
	getGamePanel,
	type CreateServerInput,
	type GamePanel,
} from '../../../src/server/game-panel/index.ts';
import { startFakePterodactyl, type FakePterodactyl } from './fake-pterodactyl/index.ts';
import { seedNodes } from './fake-pterodactyl/seed.ts';
import { fakeEnv } from './targets.ts';

// What only the real adapter has about locations: the deployment it asks for (the location's
// panel locations), and the room it reads from the nodes as the panel's deployment decides it
// (over-allocation, public nodes, maintenance, free ports), page after page.

let fake: FakePterodactyl;
let panel: GamePanel;
beforeEach(async () => {
	fake = await startFakePterodactyl();
	panel = getGamePanel(fakeEnv(fake));
});
afterEach(() => fake.close());

const order = (overrides: Partial<CreateServerInput> = {}): CreateServerInput => ({
	serviceId: `svc_${randomUUID()}`,
	customer: { email: 'kari.nordmann@example.no', firstName: 'Kari', lastName: 'Nordmann' },
	game: 'minecraft',
	location: 'oslo',
	name: 'Kari sin verden',
	ramGb: 4,
	storageGb: 20,
	...overrides,
});
const size = (ramGb: number, storageGb: number) => ({ ramGb, storageGb, cpuPercent: 0 });
const node = (id: number) => fake.state.nodes.find((n) => n.id === id)!;
const posted = () =>
	fake.requests
		.filter((r) => r.method === 'POST' && r.path === 'application/servers')
		.map((r) => (r.body as { deploy: unknown }).deploy);

describe('Pterodactyl per location', () => {
	it("deploys in the chosen location's panel locations, with the configured ports", async () => {
		const ports = getGamePanel(fakeEnv(fake, { PTERODACTYL_PORT_RANGE: '25565-25570' }));
		await ports.createServer(order({ location: 'frankfurt' }));
		await ports.createServer(order({ location: 'stockholm' }));
		expect(posted()).toEqual([
			{ locations: [2], dedicated_ip: false, port_range: ['25565-25570'] },
			{ locations: [3], dedicated_ip: false, port_range: ['25565-25570'] },
		]);
		expect(fake.state.servers.map((s) => s.node)).toEqual([2, 3]);
	});

	it('counts over-allocation as the deployment does, -1 being 99 % of the node', async () => {
		Object.assign(node(2), { memory: 8192, memory_overallocate: 50 });
		await panel.createServer(order({ location: 'frankfurt', ramGb: 8 }));
		expect(await panel.hasRoom('frankfurt', size(4, 20))).toBe(true);
		expect(await panel.hasRoom('frankfurt', size(4.5, 20))).toBe(false);
		Object.assign(node(3), { memory: 102_400, memory_overallocate: -1 });
		expect(await panel.hasRoom('stockholm', size(99, 20))).toBe(true);
		expect(await panel.hasRoom('stockholm', size(99.5, 20))).toBe(false);
		// The panel agrees: what hasRoom refuses, the deployment refuses.
		const refused = panel.createServer(order({ location: 'stockholm', ramGb: 99.5 }));
		await expect(refused).rejects.toMatchObject({ status: 400, code: 'NoViableNodeException' });
		await expect(
			panel.createServer(order({ location: 'stockholm', ramGb: 99 })),
		).resolves.toMatchObject({ build: { ramGb: 99 } });
	});

	it('leaves out nodes deployment skips or customers could not use, and nodes without a port', async () => {
		node(1).public = false;
		expect(await panel.hasRoom('oslo', size(1, 1))).toBe(false);
		node(1).public = true;
		node(1).maintenance_mode = true;
		expect(await panel.hasRoom('oslo', size(1, 1))).toBe(false);
		node(1).maintenance_mode = false;
		expect(await panel.hasRoom('oslo', size(1, 1))).toBe(true);
		const elsewhere = getGamePanel(fakeEnv(fake, { PTERODACTYL_PORT_RANGE: '30000-30100' }));
		expect(await elsewhere.hasRoom('oslo', size(1, 1))).toBe(false);
		const two = getGamePanel(fakeEnv(fake, { PTERODACTYL_PORT_RANGE: '25565,25566' }));
		await two.createServer(order({ location: 'frankfurt' }));
		expect(await two.hasRoom('frankfurt', size(1, 1))).toBe(true);
		await two.createServer(order({ location: 'frankfurt' }));
		expect(await two.hasRoom('frankfurt', size(1, 1))).toBe(false);
		const full = two.createServer(order({ location: 'frankfurt' }));
		await expect(full).rejects.toMatchObject({ code: 'NoViableAllocationException' });
		// Only unassigned ports are asked for, with the panel's own filter.
		expect(fake.requests.map((r) => r.path)).toContain(
			'application/nodes/2/allocations?filter[server_id]=false&per_page=100&page=1',
		);
	});

	it('reads every page of nodes', async () => {
		// 150 more nodes, Stockholm's with room only on the second page.
		const template = seedNodes()[2]!;
		node(3).public = false;
		for (let id = 10; id < 160; id++)
			fake.state.nodes.push({ ...template, id, location_id: id === 159 ? 3 : 9, name: `n${id}` });
		fake.state.allocations.push({
			id: 9000,
			node: 159,
			ip: '10.0.1.1',
			alias: null,
			port: 25565,
			server: null,
		});
		expect(await panel.hasRoom('stockholm', size(1, 1))).toBe(true);
		expect(fake.requests.map((r) => r.path)).toEqual(
			expect.arrayContaining([
				'application/nodes?per_page=100&page=1',
				'application/nodes?per_page=100&page=2',
				'application/nodes/159/allocations?filter[server_id]=false&per_page=100&page=1',
			]),
		);
	});

	it('refuses an answer that is not a node list, by name', async () => {
		fake.inject({
			match: (method, path) => method === 'GET' && path === '/nodes',
			status: 200,
			body: { object: 'list', data: [{ object: 'node', attributes: { id: 1 } }] },
		});
		const error = await panel.hasRoom('oslo', size(1, 1)).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(GamePanelError);
		expect((error as Error).message).toMatch(/nodes/);
	});
});
