import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePterodactyl, type FakePterodactyl } from './fake-pterodactyl/index.ts';

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
			JSON.stringify({ egg: 77, user: 1, limits: { memory: -5, io: 5 }, deploy: {} }),
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
		});
		expect(rules).not.toHaveProperty('allocation.default');
	});

	it('does not read a body that is not sent as JSON', async () => {
		const asText = await post('/api/application/users', '{"email":"a@b.c"}', {
			'Content-Type': 'text/plain',
		});
		expect(asText.status).toBe(422);
	});
});
