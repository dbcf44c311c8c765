import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	GamePanelConflictError,
	GamePanelNotFoundError,
	GamePanelValidationError,
	type CreateServerInput,
	type GamePanel,
} from '../../../src/server/game-panel/index.ts';
import { pterodactylTarget, simulatedTarget, waitForState, type Target } from './targets.ts';

// One behaviour, two implementations: the Pterodactyl adapter against the fake panel, and the
// embedded simulation. What passes here for the simulation is what the real panel will do.

function order(overrides: Partial<CreateServerInput> = {}): CreateServerInput {
	return {
		serviceId: `svc_${randomUUID()}`,
		customer: { email: 'kari.nordmann@example.no', firstName: 'Kari', lastName: 'Nordmann' },
		game: 'minecraft',
		location: 'oslo',
		name: 'Kari sin verden',
		ramGb: 4,
		storageGb: 20,
		...overrides,
	};
}

describe.each([
	['Pterodactyl (against the fake panel)', pterodactylTarget],
	['the simulated panel', simulatedTarget],
] as const)('the game panel: %s', (name, start) => {
	let target: Target;
	let panel: GamePanel;
	beforeAll(async () => {
		target = await start();
		panel = target.panel;
	});
	afterAll(() => target.close());

	async function installed(overrides: Partial<CreateServerInput> = {}) {
		const server = await panel.createServer(order(overrides));
		await waitForState(panel, server, 'offline');
		return server;
	}

	it('names its kind and is reachable for the readiness check', async () => {
		expect(panel.kind).toBe(name.startsWith('Pterodactyl') ? 'pterodactyl' : 'simulated');
		await expect(panel.probe()).resolves.toBe(undefined);
	});

	it('creates a server with an address, which installs and is then offline', async () => {
		const input = order({ cpuPercent: 200 });
		const server = await panel.createServer(input);
		expect(server).toMatchObject({
			panelServerId: expect.any(Number),
			identifier: expect.stringMatching(/^[0-9a-f]{8}$/),
			address: { host: expect.stringMatching(/\./), port: expect.any(Number) },
			build: { ramGb: 4, storageGb: 20, cpuPercent: 200 },
		});
		const seen = await waitForState(panel, server, 'offline');
		expect(['installing', 'offline']).toEqual(expect.arrayContaining(seen));
		expect(await panel.findServer(input.serviceId)).toEqual(server);
	});

	it('returns the first server when a service is created again, even concurrently', async () => {
		const input = order();
		const [first, second] = await Promise.all([
			panel.createServer(input),
			panel.createServer({ ...input, name: 'retried' }),
		]);
		expect(second).toEqual(first);
		expect(await panel.createServer({ ...input, ramGb: 16 })).toEqual(first);
	});

	it('refuses a bad order field by field and creates nothing', async () => {
		const input = order({ ramGb: 0, game: 'doom' as never });
		const created = panel.createServer(input);
		await expect(created).rejects.toBeInstanceOf(GamePanelValidationError);
		const error = (await created.catch((e: unknown) => e)) as GamePanelValidationError;
		expect(Object.keys(error.fields).sort()).toEqual(['game', 'ramGb']);
		expect(await panel.findServer(input.serviceId)).toBeNull();
	});

	it('moves through the power states and reports usage while running', async () => {
		const server = await installed();
		await panel.power(server, 'start');
		expect(['offline', 'starting', 'running']).toEqual(
			expect.arrayContaining(await waitForState(panel, server, 'running')),
		);
		const running = await panel.state(server);
		expect(running.resources?.memoryBytes).toBeGreaterThan(0);
		expect(running.resources?.uptimeMs).toBeGreaterThanOrEqual(0);
		await panel.power(server, 'start');
		expect((await panel.state(server)).state).toBe('running');
		await panel.power(server, 'stop');
		expect(['running', 'stopping', 'offline']).toEqual(
			expect.arrayContaining(await waitForState(panel, server, 'offline')),
		);
		await panel.power(server, 'restart');
		await waitForState(panel, server, 'running');
		await panel.power(server, 'kill');
		expect((await panel.state(server)).state).toBe('offline');
	});

	it('refuses power while installing', async () => {
		await target.withSlowInstall(async (slow) => {
			const server = await slow.createServer(order());
			expect((await slow.state(server)).state).toBe('installing');
			await expect(slow.power(server, 'start')).rejects.toBeInstanceOf(GamePanelConflictError);
		});
	});

	it('stops a suspended server and refuses power until unsuspended', async () => {
		const server = await installed();
		await panel.power(server, 'start');
		await waitForState(panel, server, 'running');
		await panel.suspend(server);
		await panel.suspend(server);
		expect(await panel.state(server)).toEqual({ state: 'suspended' });
		await expect(panel.power(server, 'start')).rejects.toBeInstanceOf(GamePanelConflictError);
		await panel.unsuspend(server);
		await panel.unsuspend(server);
		expect((await panel.state(server)).state).toBe('offline');
		await panel.power(server, 'start');
		await waitForState(panel, server, 'running');
	});

	it('changes the build, keeping the CPU limit and the address', async () => {
		const server = await installed({ cpuPercent: 150 });
		expect(await panel.updateBuild(server, { ramGb: 8, storageGb: 40 })).toEqual({
			ramGb: 8,
			storageGb: 40,
			cpuPercent: 150,
		});
		const input = order();
		const other = await panel.createServer(input);
		await panel.updateBuild(other, { ramGb: 2.5, storageGb: 10, cpuPercent: 100 });
		expect(await panel.findServer(input.serviceId)).toEqual({
			...other,
			build: { ramGb: 2.5, storageGb: 10, cpuPercent: 100 },
		});
		await expect(panel.updateBuild(other, { ramGb: -1, storageGb: 10 })).rejects.toBeInstanceOf(
			GamePanelValidationError,
		);
	});

	it('keeps one daily restart per server at the time last set, and removes it', async () => {
		const server = await installed();
		const other = await installed();
		await panel.setDailyRestart(other, { hour: 12, minute: 0 });
		await panel.setDailyRestart(server, { hour: 4, minute: 30 });
		await panel.setDailyRestart(server, { hour: 4, minute: 30 });
		expect(target.dailyRestarts(server)).toEqual([{ hour: 4, minute: 30 }]);
		await panel.setDailyRestart(server, { hour: 23, minute: 5 });
		expect(target.dailyRestarts(server)).toEqual([{ hour: 23, minute: 5 }]);
		await panel.setDailyRestart(server, { hour: 0, minute: 0 });
		expect(target.dailyRestarts(server)).toEqual([{ hour: 0, minute: 0 }]);
		await panel.setDailyRestart(server, null);
		await panel.setDailyRestart(server, null);
		expect(target.dailyRestarts(server)).toEqual([]);
		expect(target.dailyRestarts(other)).toEqual([{ hour: 12, minute: 0 }]);
		// Setting it does not touch the process: a stopped server stays stopped.
		expect((await panel.state(server)).state).toBe('offline');
	});

	it('refuses a daily restart time off the 24-hour clock, an unknown server, an install', async () => {
		const server = await installed();
		const refused = panel.setDailyRestart(server, { hour: 24, minute: 60 });
		await expect(refused).rejects.toBeInstanceOf(GamePanelValidationError);
		const error = (await refused.catch((e: unknown) => e)) as GamePanelValidationError;
		expect(Object.keys(error.fields).sort()).toEqual(['hour', 'minute']);
		expect(target.dailyRestarts(server)).toEqual([]);
		const unknown = { panelServerId: 987_654, identifier: 'deadbeef' };
		await expect(panel.setDailyRestart(unknown, { hour: 4, minute: 0 })).rejects.toBeInstanceOf(
			GamePanelNotFoundError,
		);
		await expect(panel.setDailyRestart(unknown, null)).rejects.toBeInstanceOf(
			GamePanelNotFoundError,
		);
		await target.withSlowInstall(async (slow) => {
			const installing = await slow.createServer(order());
			await expect(slow.setDailyRestart(installing, { hour: 4, minute: 0 })).rejects.toBeInstanceOf(
				GamePanelConflictError,
			);
		});
		await panel.suspend(server);
		await expect(panel.setDailyRestart(server, null)).rejects.toBeInstanceOf(
			GamePanelConflictError,
		);
	});

	it('deletes a server, which is then not found', async () => {
		const input = order();
		const server = await panel.createServer(input);
		await waitForState(panel, server, 'offline');
		await panel.delete(server);
		expect(await panel.findServer(input.serviceId)).toBeNull();
		for (const call of [
			() => panel.state(server),
			() => panel.power(server, 'start'),
			() => panel.suspend(server),
			() => panel.updateBuild(server, { ramGb: 2, storageGb: 10 }),
			() => panel.delete(server),
			() => panel.setDailyRestart(server, { hour: 4, minute: 0 }),
			() => panel.setDailyRestart(server, null),
		])
			await expect(call()).rejects.toBeInstanceOf(GamePanelNotFoundError);
	});

	// What provisioning does when a refund ended the service mid-install (src/server/checkout/).
	it('deletes a server still installing; a retried create then makes a new one', async () => {
		const input = order();
		const again = await target.withSlowInstall(async (slow) => {
			const server = await slow.createServer(input);
			expect((await slow.state(server)).state).toBe('installing');
			await slow.delete(server);
			expect(await slow.findServer(input.serviceId)).toBeNull();
			await expect(slow.delete(server)).rejects.toBeInstanceOf(GamePanelNotFoundError);
			const second = await slow.createServer(input);
			await slow.delete(second);
			return { first: server, second };
		});
		expect(again.second.panelServerId).not.toBe(again.first.panelServerId);
	});

	it("resets the owner's panel password, which is also the SFTP password", async () => {
		const customer = { email: 'ola@example.no', firstName: 'Ola', lastName: 'Nordmann' };
		const one = await installed({ customer });
		const two = await installed({ customer });
		const first = await panel.resetPanelPassword(one);
		const second = await panel.resetPanelPassword(two);
		expect(first.password).toMatch(/^[\w-]{24}$/);
		expect(second.password).not.toBe(first.password);
		expect(second.username).toBe(first.username);
		expect(first.sftp).toEqual({
			host: expect.stringMatching(/\./),
			port: 2022,
			username: `${first.username}.${one.identifier}`,
		});
	});
	const size = (ramGb: number, storageGb: number) => ({ ramGb, storageGb, cpuPercent: 0 });

	it('runs each server in the location asked for', async () => {
		const frankfurt = await panel.createServer(order({ location: 'frankfurt' }));
		const oslo = await panel.createServer(order({ location: 'oslo' }));
		expect(target.placedIn(frankfurt)).toBe('frankfurt');
		expect(target.placedIn(oslo)).toBe('oslo');
		// Nowhere but where the catalogue sells game servers, with the same refusal on both.
		const elsewhere = order({ location: 'copenhagen' });
		await expect(panel.createServer(elsewhere)).rejects.toThrow(
			/location: is not a location with game servers/,
		);
		expect(await panel.findServer(elsewhere.serviceId)).toBeNull();
		expect(await panel.hasRoom('copenhagen', size(1, 1))).toBe(false);
	});

	it('has room in a location until its servers fill it, then refuses a server there', async () => {
		const tight = target.leaveRoom('stockholm', { memoryGb: 8, diskGb: 50 });
		expect(await tight.hasRoom('stockholm', size(4, 20))).toBe(true);
		expect(await tight.hasRoom('stockholm', size(8, 51))).toBe(false);
		expect(await tight.hasRoom('stockholm', size(9, 50))).toBe(false);
		const first = await tight.createServer(
			order({ location: 'stockholm', ramGb: 4, storageGb: 20 }),
		);
		expect(target.placedIn(first)).toBe('stockholm');
		expect(await tight.hasRoom('stockholm', size(4, 30))).toBe(true);
		await tight.createServer(order({ location: 'stockholm', ramGb: 4, storageGb: 30 }));
		expect(await tight.hasRoom('stockholm', size(0.5, 1))).toBe(false);
		const full = order({ location: 'stockholm', ramGb: 0.5, storageGb: 1 });
		await expect(tight.createServer(full)).rejects.toMatchObject({
			status: 400,
			code: 'NoViableNodeException',
			retryable: false,
		});
		expect(await tight.findServer(full.serviceId)).toBeNull();
		// Other locations keep their own room; a deleted server gives its room back.
		expect(await tight.hasRoom('oslo', size(4, 20))).toBe(true);
		await tight.delete(first);
		expect(await tight.hasRoom('stockholm', size(4, 20))).toBe(true);
		expect(await tight.hasRoom('stockholm', size(4, 21))).toBe(false);
	});
});
