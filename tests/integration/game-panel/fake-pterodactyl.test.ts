import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePterodactyl, type FakePterodactyl } from './fake-pterodactyl/index.ts';
import { installedNode } from './fake-pterodactyl/node.ts';

// The fake is only worth what its fidelity is: it must refuse what the panel refuses, the way the
// panel does, or the adapter's tests prove nothing.

let fake: FakePterodactyl;
beforeAll(async () => {
	fake = await startFakePterodactyl();
});
afterAll(() => fake.close());

function call(path: string, init: RequestInit & { key?: string } = {}) {
	const { key = fake.applicationKey, ...rest } = init;
	return fetch(`${fake.url}${path}`, {
		redirect: 'manual',
		...rest,
		headers: { Authorization: `Bearer ${key}`, Accept: 'application/json', ...rest.headers },
	});
}

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
	call(path, { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers } });

describe('the fake Pterodactyl panel', () => {
	it('wants a known key of the right kind, and Accept: application/json', async () => {
		expect((await call('/api/application/servers/1', { key: 'ptla_nope' })).status).toBe(401);
		const wrongKind = await call('/api/client/servers/abcd1234/resources');
		expect(wrongKind.status).toBe(403);
		expect(await wrongKind.json()).toMatchObject({
			errors: [{ code: 'AccessDeniedHttpException', status: '403' }],
		});
		expect((await call('/api/application/servers/1', { headers: { Accept: '*/*' } })).status).toBe(
			302,
		);
	});

	it("lists locations and the client key's servers in pages, each API with its own key only", async () => {
		const locations = await call('/api/application/locations?per_page=1');
		expect(locations.status).toBe(200);
		expect(await locations.json()).toMatchObject({
			object: 'list',
			data: [{ object: 'location', attributes: { id: 1, short: expect.any(String) } }],
			meta: { pagination: { per_page: 1, current_page: 1 } },
		});
		const servers = await call('/api/client?per_page=1', { key: fake.clientKey });
		expect(servers.status).toBe(200);
		expect(await servers.json()).toMatchObject({ object: 'list', data: expect.any(Array) });
		expect((await call('/api/client?per_page=1')).status).toBe(403);
		expect((await call('/api/application/locations', { key: fake.clientKey })).status).toBe(403);
		expect((await call('/api/client', { key: 'ptlc_nope' })).status).toBe(401);
		expect((await call('/api/application/locations', { key: 'ptla_nope' })).status).toBe(401);
	});

	it('answers unknown servers with its 404 and malformed JSON with 400', async () => {
		const missing = await call('/api/application/servers/4242');
		expect(missing.status).toBe(404);
		expect(await missing.json()).toEqual({
			errors: [
				{
					code: 'NotFoundHttpException',
					status: '404',
					detail: 'The requested resource could not be found on the server.',
				},
			],
		});
		expect((await post('/api/application/servers', '{"name":')).status).toBe(400);
	});

	it('validates a server like StoreServerRequest, one entry per field', async () => {
		const empty = await post('/api/application/servers', '{}');
		expect(empty.status).toBe(422);
		const { errors } = (await empty.json()) as {
			errors: { meta: { source_field: string; rule: string } }[];
		};
		const fields = Object.fromEntries(errors.map((e) => [e.meta.source_field, e.meta.rule]));
		expect(fields).toMatchObject({
			name: 'required',
			user: 'required',
			egg: 'required',
			docker_image: 'required',
			environment: 'present',
			'limits.memory': 'required',
			'limits.io': 'required',
			'feature_limits.databases': 'present',
			'allocation.default': 'required',
		});
		const wrong = await post(
			'/api/application/servers',
			JSON.stringify({
				...{ egg: 77, user: 1, limits: { memory: -5, io: 5 } },
				deploy: { locations: [2, 'frankfurt', 0], port_range: [25565] },
			}),
		);
		const body = (await wrong.json()) as {
			errors: { meta: { source_field: string; rule: string } }[];
		};
		const rules = Object.fromEntries(body.errors.map((e) => [e.meta.source_field, e.meta.rule]));
		expect(rules).toMatchObject({
			egg: 'exists',
			'limits.memory': 'min',
			'limits.io': 'between',
			'deploy.dedicated_ip': 'required',
			'deploy.locations.1': 'integer',
			'deploy.locations.2': 'min',
			'deploy.port_range.0': 'string',
		});
		expect(rules).not.toHaveProperty('allocation.default');
		expect(rules).not.toHaveProperty('deploy.locations.0');
	});

	it('shows each node with what its servers claim, and filters allocations as the panel allows', async () => {
		const nodes = await call('/api/application/nodes?per_page=2&page=2');
		expect(await nodes.json()).toMatchObject({
			data: [
				{
					object: 'node',
					attributes: {
						id: 3,
						location_id: 3,
						public: true,
						maintenance_mode: false,
						memory_overallocate: 0,
						allocated_resources: { memory: 0, disk: 0 },
					},
				},
			],
			meta: { pagination: { total: 3, per_page: 2, current_page: 2, total_pages: 2 } },
		});
		const free = await call('/api/application/nodes/2/allocations?filter[server_id]=false');
		const { data } = (await free.json()) as { data: { attributes: { assigned: boolean } }[] };
		expect(data.length).toBe(20);
		expect(data.every((a) => !a.attributes.assigned)).toBe(true);
		const unknown = await call('/api/application/nodes/2/allocations?filter[server]=1');
		expect(unknown.status).toBe(400);
		expect(await unknown.json()).toMatchObject({ errors: [{ code: 'InvalidFilterQuery' }] });
		expect((await call('/api/application/nodes/77')).status).toBe(404);
	});

	it('does not read a body that is not sent as JSON', async () => {
		const asText = await post('/api/application/users', '{"email":"a@b.c"}', {
			'Content-Type': 'text/plain',
		});
		expect(asText.status).toBe(422);
	});

	describe('schedules (client API)', () => {
		const base = '/api/client/servers/cafe0001/schedules';
		beforeAll(() => {
			// A server that has installed, as the application API would have made it.
			const now = fake.state.now();
			fake.state.servers.push({
				...{ id: 500, external_id: null, uuid: 'cafe0001-0000-4000-8000-000000000000' },
				...{ identifier: 'cafe0001', name: 'x', user: 1, node: 1, egg: 5, allocation: 100 },
				...{ status: null, installedAt: now, limits: {}, docker_image: 'i', startup: 's' },
				feature_limits: { databases: 0, allocations: 0, backups: 0 },
				...{ environment: {}, power: { state: 'offline', queue: [] }, startedAt: now },
				...{ skip_scripts: false, reinstalling: false },
				schedules: [],
				wings: installedNode(5, now),
			});
		});
		const send = (method: string, path: string, body: unknown) =>
			call(path, {
				method,
				key: fake.clientKey,
				body: JSON.stringify(body),
				headers: { 'Content-Type': 'application/json' },
			});
		const rules = async (response: Response) => {
			expect(response.status).toBe(422);
			const { errors } = (await response.json()) as {
				errors: { meta: { source_field: string; rule: string } }[];
			};
			return Object.fromEntries(errors.map((e) => [e.meta.source_field, e.meta.rule]));
		};
		const daily = {
			name: 'Daily',
			minute: '30',
			hour: '4',
			day_of_month: '*',
			month: '*',
			day_of_week: '*',
			is_active: true,
			only_when_online: true,
		};

		it('validates a schedule like StoreScheduleRequest: cron fields are required strings', async () => {
			expect(await rules(await send('POST', base, {}))).toEqual({
				name: 'required',
				minute: 'required',
				hour: 'required',
				day_of_month: 'required',
				month: 'required',
				day_of_week: 'required',
			});
			expect(
				await rules(
					await send('POST', base, {
						...daily,
						minute: 30,
						is_active: null,
						only_when_online: 'y',
					}),
				),
			).toEqual({ minute: 'string', is_active: 'filled', only_when_online: 'boolean' });
			const badCron = await send('POST', base, { ...daily, hour: '24' });
			expect(badCron.status).toBe(400);
			expect(await badCron.json()).toMatchObject({ errors: [{ code: 'DisplayException' }] });
			expect(fake.state.servers.find((s) => s.id === 500)?.schedules).toEqual([]);
		});

		it('creates, lists with tasks, updates and deletes, in the panel envelope', async () => {
			const created = await send('POST', base, { ...daily, hour: '*/6', day_of_week: 'mon-fri' });
			expect(created.status).toBe(200);
			const { attributes } = (await created.json()) as { attributes: { id: number } };
			expect(attributes).toMatchObject({
				name: 'Daily',
				cron: { minute: '30', hour: '*/6', day_of_month: '*', month: '*', day_of_week: 'mon-fri' },
				is_active: true,
				only_when_online: true,
				relationships: { tasks: { object: 'list', data: [] } },
			});
			const task = await send('POST', `${base}/${attributes.id}/tasks`, {
				action: 'power',
				payload: 'restart',
				time_offset: 0,
			});
			expect(task.status).toBe(200);
			expect(await task.json()).toMatchObject({
				object: 'schedule_task',
				attributes: { sequence_id: 1, action: 'power', payload: 'restart', time_offset: 0 },
			});
			const listed = (await (await call(base, { key: fake.clientKey })).json()) as unknown;
			expect(listed).toEqual({
				object: 'list',
				data: [
					{
						object: 'server_schedule',
						attributes: expect.objectContaining({
							relationships: {
								tasks: {
									object: 'list',
									data: [expect.objectContaining({ object: 'schedule_task' })],
								},
							},
						}),
					},
				],
			});
			const updated = await send('POST', `${base}/${attributes.id}`, { ...daily, hour: '5' });
			expect(await updated.json()).toMatchObject({ attributes: { cron: { hour: '5' } } });
			// Every field again on update, and a missing boolean is false.
			expect(
				await rules(await send('POST', `${base}/${attributes.id}`, { hour: '5' })),
			).toHaveProperty('name', 'required');
			const { is_active: _active, ...inactive } = daily;
			await send('POST', `${base}/${attributes.id}`, inactive);
			expect(fake.state.servers.find((s) => s.id === 500)?.schedules[0]?.is_active).toBe(false);
			const deleted = await call(`${base}/${attributes.id}`, {
				method: 'DELETE',
				key: fake.clientKey,
			});
			expect(deleted.status).toBe(204);
			expect((await call(`${base}/${attributes.id}`, { key: fake.clientKey })).status).toBe(404);
		});

		it('validates a task like StoreTaskRequest, and limits them', async () => {
			const created = await send('POST', base, daily);
			const { attributes } = (await created.json()) as { attributes: { id: number } };
			const tasks = `${base}/${attributes.id}/tasks`;
			expect(await rules(await send('POST', tasks, {}))).toEqual({
				action: 'required',
				payload: 'required',
				time_offset: 'required',
			});
			expect(
				await rules(
					await send('POST', tasks, {
						action: 'reboot',
						payload: 5,
						time_offset: 901,
						sequence_id: 0,
						continue_on_failure: 'no',
					}),
				),
			).toEqual({
				action: 'in',
				payload: 'string',
				time_offset: 'max',
				sequence_id: 'min',
				continue_on_failure: 'boolean',
			});
			const backup = await send('POST', tasks, { action: 'backup', time_offset: 0 });
			expect(backup.status).toBe(403);
			const restart = { action: 'power', payload: 'restart', time_offset: 0 };
			for (let i = 0; i < 10; i++) expect((await send('POST', tasks, restart)).status).toBe(200);
			const over = await send('POST', tasks, restart);
			expect(over.status).toBe(400);
			expect(await over.json()).toMatchObject({
				errors: [{ code: 'ServiceLimitExceededException' }],
			});
		});

		it('answers 404 for unknown servers and schedules, 409 when suspended, 403 for the application key', async () => {
			expect((await send('POST', '/api/client/servers/nothere1/schedules', daily)).status).toBe(
				404,
			);
			expect((await send('POST', `${base}/999999`, daily)).status).toBe(404);
			expect((await send('POST', `${base}/999999/tasks`, {})).status).toBe(404);
			const wrongKey = await call(base);
			expect(wrongKey.status).toBe(403);
			expect(await wrongKey.json()).toMatchObject({
				errors: [{ code: 'AccessDeniedHttpException' }],
			});
			const server = fake.state.servers.find((s) => s.id === 500)!;
			server.status = 'suspended';
			try {
				expect((await call(base, { key: fake.clientKey })).status).toBe(409);
			} finally {
				server.status = null;
			}
		});
	});
});
