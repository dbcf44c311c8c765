import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleFrame } from '../../../src/lib/domain/game-console-event.ts';
import {
	GamePanelConflictError,
	GamePanelError,
	getGamePanel,
	type ConsoleSession,
	type GamePanel,
	type ServerRef,
} from '../../../src/server/game-panel/index.ts';
import { startFakePterodactyl, type FakePterodactyl } from './fake-pterodactyl/index.ts';
import { fakeEnv, waitFor, waitForState } from './targets.ts';

// The console through Wings' WebSocket, as only the Pterodactyl adapter opens it: the Origin Wings
// checks, the token renewed on `token expiring` and after `jwt error`, the admin token's extra
// events kept from the customer, and the end of the session when Wings closes it.

let fake: FakePterodactyl;
let panel: GamePanel;
beforeAll(async () => {
	fake = await startFakePterodactyl({ delayMs: 5 });
	panel = getGamePanel(fakeEnv(fake));
});
afterAll(() => fake.close());
beforeEach(() => void fake.requests.splice(0));

const uuidOf = (ref: ServerRef) => fake.state.servers.find((s) => s.id === ref.panelServerId)!.uuid;
const credentialCalls = () => fake.requests.filter((r) => r.path.endsWith('/websocket')).length;

async function runningServer() {
	const server = await panel.createServer({
		serviceId: `svc_${randomUUID()}`,
		customer: { email: 'ola@example.no', firstName: 'Ola', lastName: 'Nordmann' },
		game: 'minecraft',
		location: 'oslo',
		name: 'Ola',
		ramGb: 2,
		storageGb: 10,
	});
	await waitForState(panel, server, 'offline');
	await panel.power(server, 'start');
	await waitForState(panel, server, 'running');
	return server;
}

function record(session: ConsoleSession) {
	const frames: ConsoleFrame[] = [];
	session.onFrame((frame) => frames.push(frame));
	const until = (test: (frame: ConsoleFrame) => boolean) =>
		waitFor(
			() => Promise.resolve(frames),
			(all) => all.some(test),
		);
	return { frames, until };
}

const said = (text: string) => (f: ConsoleFrame) =>
	f.event === 'console output' && (f.args?.[0] ?? '').includes(text);

describe('the Pterodactyl console', () => {
	it("sends the panel's URL as Origin by default; another origin only where Wings allows it", async () => {
		const server = await runningServer();
		(await panel.openConsole(server)).close();
		const elsewhere = getGamePanel({
			...fakeEnv(fake),
			PTERODACTYL_WINGS_ORIGIN: 'https://relay.frostnode.example',
		});
		const refused = await elsewhere.openConsole(server).catch((e: unknown) => e);
		expect(refused).toBeInstanceOf(GamePanelError);
		expect((refused as Error).message).toMatch(/PTERODACTYL_WINGS_ORIGIN/);
		fake.wings.allowedOrigins.push('https://relay.frostnode.example');
		try {
			(await elsewhere.openConsole(server)).close();
		} finally {
			fake.wings.allowedOrigins.splice(0);
		}
	});

	it('passes on only what a customer may see', async () => {
		const server = await runningServer();
		const session = await panel.openConsole(server);
		const { frames, until } = record(session);
		await until((f) => f.event === 'status');
		const uuid = uuidOf(server);
		fake.wings.broadcast(uuid, 'install output', ['curl -H "Authorization: secret"']);
		fake.wings.broadcast(uuid, 'transfer logs', ['to node2']);
		fake.wings.broadcast(uuid, 'daemon error', ['stack trace with /var/lib/pterodactyl']);
		fake.wings.broadcast(uuid, 'token expired');
		fake.wings.broadcast(uuid, 'console output', ['after the rest']);
		await until(said('after the rest'));
		expect(frames.map((f) => f.event)).toEqual(['status', 'console output']);
		session.close();
	});

	it('renews its token when Wings warns it is expiring, with a fresh one', async () => {
		const server = await runningServer();
		const session = await panel.openConsole(server);
		const { until } = record(session);
		await until((f) => f.event === 'status');
		const before = credentialCalls();
		fake.wings.expireTokensIn(30_000);
		await waitFor(
			() => Promise.resolve(credentialCalls()),
			(n) => n > before,
		);
		// The socket now holds a fresh 10-minute token, and works on it.
		await waitFor(
			() => Promise.resolve(fake.wings.tokenLifetimes(uuidOf(server))),
			([ms]) => ms !== undefined && ms > 60_000,
		);
		session.send({ event: 'send command', args: ['say renewed'] });
		await until(said('renewed'));
		session.close();
	});

	it('recovers from an expired token (jwt error, never token expired) and keeps working', async () => {
		const server = await runningServer();
		const session = await panel.openConsole(server);
		const { until } = record(session);
		await until((f) => f.event === 'status');
		const before = credentialCalls();
		fake.wings.expireTokensIn(0);
		session.send({ event: 'send command', args: ['say lost'] });
		await waitFor(
			() => Promise.resolve(fake.wings.tokenLifetimes(uuidOf(server))),
			([ms]) => ms !== undefined && ms > 60_000,
		);
		expect(credentialCalls()).toBeGreaterThan(before);
		session.send({ event: 'send command', args: ['say back'] });
		await until(said('back'));
		session.close();
	});

	it('ends once when Wings closes the socket', async () => {
		const server = await runningServer();
		const session = await panel.openConsole(server);
		const reasons: string[] = [];
		session.onClose((reason) => reasons.push(reason));
		fake.wings.closeSockets(uuidOf(server));
		await waitFor(
			() => Promise.resolve(reasons),
			(all) => all.length > 0,
		);
		await sleep(50);
		expect(reasons).toHaveLength(1);
		expect(reasons[0]).toMatch(/1001/);
		session.send({ event: 'send command', args: ['say nobody'] });
		await waitFor(
			() => Promise.resolve(fake.wings.sockets(uuidOf(server))),
			(n) => n === 0,
		);
	});

	it('ends when no new token comes (the server was deleted meanwhile)', async () => {
		const server = await runningServer();
		const session = await panel.openConsole(server);
		const reasons: string[] = [];
		session.onClose((reason) => reasons.push(reason));
		fake.state.servers = fake.state.servers.filter((s) => s.id !== server.panelServerId);
		fake.wings.expireTokensIn(30_000);
		await waitFor(
			() => Promise.resolve(reasons),
			(all) => all.length > 0,
		);
		expect(reasons).toEqual([expect.stringMatching(/404/)]);
	});

	it('refuses while installing, although the panel lets an admin token in then', async () => {
		fake.state.delayMs = 60_000;
		try {
			const server = await panel.createServer({
				serviceId: `svc_${randomUUID()}`,
				customer: { email: 'ola@example.no', firstName: 'Ola', lastName: 'Nordmann' },
				game: 'minecraft',
				location: 'oslo',
				name: 'Ola',
				ramGb: 2,
				storageGb: 10,
			});
			const open = await fetch(`${fake.url}/api/client/servers/${server.identifier}/websocket`, {
				headers: { Authorization: `Bearer ${fake.clientKey}`, Accept: 'application/json' },
			});
			expect(open.status).toBe(200);
			await expect(panel.openConsole(server)).rejects.toBeInstanceOf(GamePanelConflictError);
		} finally {
			fake.state.delayMs = 5;
		}
	});
});
