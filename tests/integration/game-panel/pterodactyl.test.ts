import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readGamePanelConfig } from '../../../src/server/game-panel/config.ts';
import { readPterodactyl } from '../../../src/server/game-panel/config-pterodactyl.ts';
import { findLocation } from '../../../src/lib/locations/catalogue.ts';
import {
	GamePanelError,
	GamePanelNotFoundError,
	GamePanelRateLimitedError,
	GamePanelUnavailableError,
	GamePanelValidationError,
	getGamePanel,
	type CreateServerInput,
	type GamePanel,
} from '../../../src/server/game-panel/index.ts';
import { createPterodactylPanel } from '../../../src/server/game-panel/pterodactyl.ts';
import { DAILY_RESTART_NAME } from '../../../src/server/game-panel/pterodactyl-schedule.ts';
import type { FakeSchedule } from './fake-pterodactyl/state.ts';
import { startFakePterodactyl, type FakePterodactyl } from './fake-pterodactyl/index.ts';
import { fakeEnv, waitForState } from './targets.ts';
import { FROSTNODE_EGG } from './fake-pterodactyl/seed.ts';

// What only the real adapter has: the panel's error answers mapped to our classes, the requests it
// sends, and the provisioning recipe's corners (lost answers, races, look-alike e-mail addresses).

let fake: FakePterodactyl;
let panel: GamePanel;
beforeAll(async () => {
	fake = await startFakePterodactyl();
	panel = getGamePanel(fakeEnv(fake));
});
afterAll(() => fake.close());
beforeEach(() => void fake.requests.splice(0));

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
const withExternalId = (id: string) => fake.state.servers.filter((s) => s.external_id === id);
const schedulesOf = (id: number) => fake.state.servers.find((s) => s.id === id)!.schedules;
const requestsTo = (part: string) =>
	fake.requests.filter((r) => r.path.includes(part)).map((r) => `${r.method} ${r.path}`);

describe('the Pterodactyl adapter', () => {
	it('uses the application key for administration and the client key for power', async () => {
		const server = await panel.createServer(order());
		await waitForState(panel, server, 'offline');
		await panel.power(server, 'start');
		for (const seen of fake.requests) {
			expect(seen.headers.accept).toBe('application/json');
			const key = seen.path.startsWith('client/') ? fake.clientKey : fake.applicationKey;
			expect(seen.headers.authorization).toBe(`Bearer ${key}`);
			if (seen.method !== 'GET') expect(seen.headers['content-type']).toBe('application/json');
		}
		const post = fake.requests.find((r) => r.method === 'POST' && r.path === 'application/servers');
		expect(post?.body).toMatchObject({
			egg: FROSTNODE_EGG,
			docker_image: 'ghcr.io/ptero-eggs/yolks:java_25',
			// The installer egg's defaults: Vanilla at the newest release.
			environment: expect.objectContaining({ SOFTWARE: 'vanilla', MC_VERSION: 'latest' }),
			limits: { memory: 4096, swap: 0, disk: 20480, io: 500, cpu: 0 },
			deploy: { locations: [1], dedicated_ip: false, port_range: [] },
		});
		expect(panel.panelUrl(server)).toBe(`${fake.url}/server/${server.identifier}`);
	});

	it('gives the address as the allocation alias, else its IP', async () => {
		const a = await panel.createServer(order());
		const b = await panel.createServer(order());
		const hosts = [a, b].map((s) => {
			const allocation = fake.state.allocations.find((x) => x.server === s.panelServerId)!;
			expect(s.address.port).toBe(allocation.port);
			return [s.address.host, allocation.alias ?? allocation.ip];
		});
		for (const [got, expected] of hosts) expect(got).toBe(expected);
		expect(new Set(hosts.map(([host]) => host)).size).toBe(2);
	});

	it("maps the panel's 422 to a validation error with its field messages", async () => {
		const refused = panel.createServer(order({ game: 'rust' }));
		await expect(refused).rejects.toBeInstanceOf(GamePanelValidationError);
		const error = (await refused.catch((e: unknown) => e)) as GamePanelValidationError;
		expect(error.fields).toEqual({
			'environment.HOSTNAME': ['The environment.HOSTNAME field is required.'],
		});
		expect(error.issues[0]?.rule).toBe('required');
		// The egg's variable comes from the configuration; then the same order goes through.
		const env = fakeEnv(fake);
		const eggs = {
			...JSON.parse(env.PTERODACTYL_EGGS),
			rust: { nest: 1, egg: 6, environment: { HOSTNAME: 'Kari' } },
		};
		const configured = getGamePanel({ ...env, PTERODACTYL_EGGS: JSON.stringify(eggs) });
		await expect(configured.createServer(order({ game: 'rust' }))).resolves.toMatchObject({
			build: { ramGb: 4 },
		});
	});

	it('maps 429 to rate limited, with the wait from Retry-After', async () => {
		const server = await panel.createServer(order());
		fake.rateLimitNext(17);
		const limited = await panel.state(server).catch((e: unknown) => e);
		expect(limited).toBeInstanceOf(GamePanelRateLimitedError);
		expect(limited).toMatchObject({ retryAfterSeconds: 17, retryable: true, status: 429 });
		await expect(panel.state(server)).resolves.toBeDefined();
	});

	it.each([500, 502, 503, 504])('maps %i to unavailable, which is retryable', async (status) => {
		const server = await panel.createServer(order());
		fake.failNext(status);
		const failed = await panel.suspend(server).catch((e: unknown) => e);
		expect(failed).toBeInstanceOf(GamePanelUnavailableError);
		expect(failed).toMatchObject({ status, retryable: true });
	});

	it('maps no answer at all (refused connection, timeout) to unavailable', async () => {
		const closed = await startFakePterodactyl();
		await closed.close();
		const gone = getGamePanel(fakeEnv(closed));
		await expect(gone.findServer('svc')).rejects.toBeInstanceOf(GamePanelUnavailableError);
		const config = readGamePanelConfig(fakeEnv(fake));
		if (config.kind !== 'pterodactyl') throw new Error('expected the Pterodactyl configuration');
		const impatient = createPterodactylPanel(config, { timeoutMs: 50 });
		fake.inject({ hang: true });
		await expect(impatient.findServer('svc')).rejects.toBeInstanceOf(GamePanelUnavailableError);
	});

	it('does not retry what cannot succeed: a wrong key is a plain panel error', async () => {
		const wrong = getGamePanel({
			...fakeEnv(fake),
			PTERODACTYL_APPLICATION_KEY: `ptla_${'x'.repeat(43)}`,
		});
		const error = await wrong.findServer('svc').catch((e: unknown) => e);
		expect(error).toBeInstanceOf(GamePanelError);
		expect(error).toMatchObject({ status: 401, retryable: false });
		expect((error as Error).message).not.toContain('xxxx');
	});

	it('probes with one page of locations (application key) and of servers (client key)', async () => {
		await panel.probe();
		expect(fake.requests.map((r) => `${r.method} ${r.path} ${r.headers.authorization}`)).toEqual(
			expect.arrayContaining([
				`GET application/locations?per_page=1 Bearer ${fake.applicationKey}`,
				`GET client?per_page=1 Bearer ${fake.clientKey}`,
			]),
		);
		expect(fake.requests).toHaveLength(2);
	});

	it('fails the probe on a refused key, naming the setting and never the key', async () => {
		const clientKey = `ptlc_${'K'.repeat(16)}${'s'.repeat(32)}`;
		const wrong = getGamePanel({ ...fakeEnv(fake), PTERODACTYL_CLIENT_KEY: clientKey });
		const error = await wrong.probe().catch((e: unknown) => e);
		expect(error).toBeInstanceOf(GamePanelError);
		expect(error).toMatchObject({ status: 401, retryable: false });
		expect((error as Error).message).toMatch(/^client API: .*401.*PTERODACTYL_CLIENT_KEY/);
		expect((error as Error).message).not.toContain('application API');
		expect((error as Error).message).not.toContain('KKKK');
	});

	it('fails the probe as unavailable when nothing listens, or nothing answers within 3 s', async () => {
		const closed = await startFakePterodactyl();
		await closed.close();
		const gone = getGamePanel(fakeEnv(closed)).probe();
		await expect(gone).rejects.toBeInstanceOf(GamePanelUnavailableError);
		await expect(gone).rejects.toThrow(/application API: .*ECONNREFUSED.*; client API:/);
		const config = readGamePanelConfig(fakeEnv(fake));
		if (config.kind !== 'pterodactyl') throw new Error('expected the Pterodactyl configuration');
		// The adapter's own patience (15 s by default) is cut to the probe's 3 s.
		const patient = createPterodactylPanel(config, { timeoutMs: 60_000 });
		fake.inject({ hang: true, match: (_method, path) => path === '/locations' });
		const started = Date.now();
		await expect(patient.probe()).rejects.toThrow(/^application API: .*did not answer/);
		expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
		expect(Date.now() - started).toBeLessThan(5_000);
	});

	it('retries a create whose answer was lost without making a second server', async () => {
		const input = order();
		fake.inject({
			status: 502,
			afterwards: true,
			match: (m, p) => m === 'POST' && p === '/servers',
		});
		await expect(panel.createServer(input)).rejects.toBeInstanceOf(GamePanelUnavailableError);
		expect(withExternalId(input.serviceId)).toHaveLength(1);
		const retried = await panel.createServer(input);
		expect(retried.panelServerId).toBe(withExternalId(input.serviceId)[0]?.id);
		expect(withExternalId(input.serviceId)).toHaveLength(1);
	});

	it('recovers from the duplicate external_id 422 when the look-up missed the server', async () => {
		const input = order();
		const first = await panel.createServer(input);
		fake.inject({
			...{ status: 404, body: { errors: [{ code: 'NotFoundHttpException', status: '404' }] } },
			match: (m, p) => m === 'GET' && p.startsWith('/servers/external/'),
		});
		expect(await panel.createServer(input)).toEqual(first);
		expect(withExternalId(input.serviceId)).toHaveLength(1);
	});

	it('finds the customer by exact e-mail (the filter also matches look-alikes) or our account id', async () => {
		fake.state.users.push({
			...{ id: 900, external_id: null, username: 'akari', email: 'akari.nordmann@example.no' },
			...{ first_name: 'A', last_name: 'K', language: 'en', root_admin: false, password: null },
		});
		const kari = await panel.createServer(order());
		const owner = fake.state.servers.find((s) => s.id === kari.panelServerId)!.user;
		expect(fake.state.users.find((u) => u.id === owner)?.email).toBe('kari.nordmann@example.no');
		const customer = {
			email: 'ola@example.no',
			firstName: 'Ola',
			lastName: 'N',
			accountId: 'acct-ola',
		};
		const one = await panel.createServer(order({ customer }));
		const two = await panel.createServer(
			order({ customer: { ...customer, email: 'ola@new.example' } }),
		);
		const owners = [one, two].map(
			(s) => fake.state.servers.find((x) => x.id === s.panelServerId)!.user,
		);
		expect(owners[0]).toBe(owners[1]);
		expect(fake.state.users.find((u) => u.id === owners[0])?.external_id).toBe('acct-ola');
	});

	it('sets the new password on the panel account, never on an administrator', async () => {
		const server = await panel.createServer(order());
		const { password } = await panel.resetPanelPassword(server);
		const record = fake.state.servers.find((s) => s.id === server.panelServerId)!;
		expect(fake.state.users.find((u) => u.id === record.user)?.password).toBe(password);
		record.user = 1;
		await expect(panel.resetPanelPassword(server)).rejects.toThrow(/administrator/);
		expect(fake.state.users[0]?.password).toBe('x');
	});

	it('places on one node when the catalogue sells games in one location, and says when no port is left', async () => {
		// The shipped catalogue sells games in three locations, where the node strategy is refused.
		const single = (nodeId: string) =>
			createPterodactylPanel(
				readPterodactyl(
					fakeEnv(fake, { PTERODACTYL_ALLOCATION: 'node', PTERODACTYL_NODE_ID: nodeId }),
					() => '',
					[findLocation('oslo')!],
				),
			);
		const server = await single('1').createServer(order());
		expect(fake.state.allocations.find((a) => a.server === server.panelServerId)?.port).toBe(
			server.address.port,
		);
		// A node elsewhere would run "Oslo" servers in Frankfurt: refused before anything is made.
		const before = fake.state.servers.length;
		await expect(single('2').createServer(order())).rejects.toThrow(
			"PTERODACTYL_NODE_ID 2 is in panel location 2, not one of oslo's (1)",
		);
		expect(fake.state.servers).toHaveLength(before);
		const full = getGamePanel(fakeEnv(fake, { PTERODACTYL_PORT_RANGE: '1-2' }));
		const error = await full.createServer(order()).catch((e: unknown) => e);
		expect(error).toMatchObject({
			code: 'NoViableAllocationException',
			status: 400,
			retryable: false,
		});
	});

	it('keeps the daily restart as a named schedule with one restart task, via the client API', async () => {
		const server = await panel.createServer(order());
		await waitForState(panel, server, 'offline');
		fake.requests.splice(0);
		await panel.setDailyRestart(server, { hour: 4, minute: 30 });
		const base = `client/servers/${server.identifier}/schedules`;
		expect(requestsTo('/schedules')).toEqual([`GET ${base}`, `POST ${base}`, expect.any(String)]);
		for (const seen of fake.requests)
			expect(seen.headers.authorization).toBe(`Bearer ${fake.clientKey}`);
		expect(fake.requests[1]?.body).toEqual({
			name: DAILY_RESTART_NAME,
			minute: '30',
			hour: '4',
			day_of_month: '*',
			month: '*',
			day_of_week: '*',
			is_active: true,
			only_when_online: true,
		});
		const [schedule] = schedulesOf(server.panelServerId);
		expect(fake.requests[2]).toMatchObject({
			method: 'POST',
			path: `${base}/${schedule?.id}/tasks`,
			body: { action: 'power', payload: 'restart', time_offset: 0, continue_on_failure: false },
		});
		expect(schedule?.tasks).toMatchObject([
			{ action: 'power', payload: 'restart', time_offset: 0 },
		]);

		fake.requests.splice(0);
		await panel.setDailyRestart(server, { hour: 4, minute: 30 });
		expect(requestsTo('/schedules')).toEqual([`GET ${base}`]);
		fake.requests.splice(0);
		await panel.setDailyRestart(server, { hour: 22, minute: 0 });
		expect(requestsTo('/schedules').slice(1)).toEqual([`POST ${base}/${schedule?.id}`]);
		expect(schedulesOf(server.panelServerId)).toMatchObject([
			{ id: schedule?.id, cron_hour: '22', cron_minute: '0', tasks: [{ payload: 'restart' }] },
		]);
		fake.requests.splice(0);
		await panel.setDailyRestart(server, null);
		expect(requestsTo('/schedules').slice(1)).toEqual([`DELETE ${base}/${schedule?.id}`]);
		expect(schedulesOf(server.panelServerId)).toEqual([]);
	});

	it('completes a daily restart whose schedule or task answer was lost', async () => {
		const server = await panel.createServer(order());
		await waitForState(panel, server, 'offline');
		fake.inject({
			status: 502,
			afterwards: true,
			match: (m, p) => m === 'POST' && p.endsWith('/schedules'),
		});
		await expect(panel.setDailyRestart(server, { hour: 3, minute: 0 })).rejects.toBeInstanceOf(
			GamePanelUnavailableError,
		);
		expect(schedulesOf(server.panelServerId)).toMatchObject([{ tasks: [] }]);
		fake.inject({
			status: 504,
			afterwards: true,
			match: (m, p) => m === 'POST' && p.endsWith('/tasks'),
		});
		await expect(panel.setDailyRestart(server, { hour: 3, minute: 0 })).rejects.toBeInstanceOf(
			GamePanelUnavailableError,
		);
		await panel.setDailyRestart(server, { hour: 3, minute: 0 });
		expect(schedulesOf(server.panelServerId)).toMatchObject([
			{ cron_hour: '3', cron_minute: '0', tasks: [{ action: 'power', payload: 'restart' }] },
		]);
		expect(schedulesOf(server.panelServerId)[0]?.tasks).toHaveLength(1);
	});

	it("repairs ours as edited in the panel, drops its copies, and leaves the customer's own", async () => {
		const server = await panel.createServer(order());
		await waitForState(panel, server, 'offline');
		await panel.setDailyRestart(server, { hour: 5, minute: 15 });
		const schedules = schedulesOf(server.panelServerId);
		const ours = schedules[0]!;
		// The customer disabled it and removed its task in the panel; a race left a second copy.
		Object.assign(ours, { is_active: false, only_when_online: false, tasks: [] });
		const copy: FakeSchedule = { ...ours, id: fake.state.id(), tasks: [] };
		const own: FakeSchedule = {
			...ours,
			id: fake.state.id(),
			name: 'Nightly backup',
			tasks: [],
		};
		schedules.push(copy, own);
		await panel.setDailyRestart(server, { hour: 5, minute: 15 });
		expect(schedulesOf(server.panelServerId)).toMatchObject([
			{ id: ours.id, is_active: true, only_when_online: true, tasks: [{ payload: 'restart' }] },
			{ id: own.id, name: 'Nightly backup', is_active: false },
		]);
		await panel.setDailyRestart(server, null);
		expect(schedulesOf(server.panelServerId).map((s) => s.name)).toEqual(['Nightly backup']);
	});

	it('maps a schedule deleted meanwhile to done, and other refusals as usual', async () => {
		const server = await panel.createServer(order());
		await waitForState(panel, server, 'offline');
		await panel.setDailyRestart(server, { hour: 1, minute: 0 });
		fake.inject({
			status: 404,
			body: { errors: [{ code: 'NotFoundHttpException', status: '404' }] },
			afterwards: true,
			match: (m) => m === 'DELETE',
		});
		await panel.setDailyRestart(server, null);
		expect(schedulesOf(server.panelServerId)).toEqual([]);
		fake.rateLimitNext(9);
		await expect(panel.setDailyRestart(server, { hour: 1, minute: 0 })).rejects.toMatchObject({
			retryAfterSeconds: 9,
		});
		await panel.delete(server);
		await expect(panel.setDailyRestart(server, null)).rejects.toBeInstanceOf(
			GamePanelNotFoundError,
		);
	});
});
