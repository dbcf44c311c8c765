import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '@frostnode/json-depth';
import type { LocalStack } from '@frostnode/local-supabase';
import { PASSWORD, api, startTestStack, uniqueEmail } from './helpers.ts';

// Bodies nested 50,000 levels deep used to reach JSON.stringify or Postgres' json parser and come
// back as 500s (in RPC, the json parser overflowing inside PGlite: "bad buffer ID"). They are refused
// up front in each service's own error shape, and the stack keeps serving ordinary nested bodies.

const DEEP = 50_000;
const arrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const objects = (levels: number, leaf = '1') => '{"a":'.repeat(levels) + leaf + '}'.repeat(levels);

let stack: LocalStack;

beforeAll(async () => {
	stack = await startTestStack({ autoConfirm: true });
});
afterAll(async () => {
	await stack?.stop();
});

const v2024 = { 'X-Supabase-Api-Version': '2024-01-01' };

async function answer(response: Response): Promise<[number, Record<string, unknown>]> {
	return [response.status, (await response.json()) as Record<string, unknown>];
}

describe('auth refuses bodies nested too deeply', () => {
	it.each([
		['objects', objects(DEEP)],
		['arrays', `{"x":${arrays(DEEP)}}`],
	])('sign-up metadata of 50,000 levels of %s: 400 bad_json', async (_kind, data) => {
		const body = `{"email":"${uniqueEmail('deep')}","password":"${PASSWORD}","data":${data}}`;
		const [status, json] = await answer(
			await api(stack, '/auth/v1/signup', { method: 'POST', body, headers: v2024 }),
		);
		expect(status).toBe(400);
		expect(json.code).toBe('bad_json');
		expect(json.message).toContain(`more than ${MAX_JSON_DEPTH} levels`);
	});

	it('still takes moderately nested metadata', async () => {
		const body = `{"email":"${uniqueEmail('nested')}","password":"${PASSWORD}","data":${objects(100, '"leaf"')}}`;
		const [status, json] = await answer(
			await api(stack, '/auth/v1/signup', { method: 'POST', body, headers: v2024 }),
		);
		expect(status).toBe(200);
		expect(JSON.stringify((json.user as Record<string, unknown>).user_metadata)).toContain(
			'{"a":"leaf"}',
		);
	});
});

describe('REST refuses bodies nested too deeply', () => {
	const pgrst102 = {
		code: 'PGRST102',
		message: 'Empty or invalid json',
		details: `The JSON is nested more than ${MAX_JSON_DEPTH} levels deep`,
		hint: null,
	};

	it.each([
		['objects', objects(DEEP)],
		['arrays', `{"a":${arrays(DEEP)}}`],
	])('an RPC argument of 50,000 levels of %s: 400 PGRST102', async (_kind, body) => {
		const response = await api(stack, '/rest/v1/rpc/echo', { method: 'POST', body });
		expect(await answer(response)).toEqual([400, pgrst102]);
	});

	it('a table write of 50,000 levels: 400 PGRST102', async () => {
		const body = `{"title":"deep","meta":${objects(DEEP)}}`;
		const response = await api(stack, '/rest/v1/notes', {
			method: 'POST',
			body,
			key: stack.serviceRoleKey,
		});
		expect(await answer(response)).toEqual([400, pgrst102]);
	});

	it('still answers a moderately nested RPC argument, and the database is unharmed', async () => {
		const nested = JSON.parse(objects(100, '[1,{"b":"]}"}]')) as unknown;
		const response = await api(stack, '/rest/v1/rpc/echo', {
			method: 'POST',
			body: JSON.stringify(nested),
		});
		expect(await answer(response)).toEqual([200, nested]);
		const plain = await api(stack, '/rest/v1/rpc/add_numbers', {
			method: 'POST',
			body: JSON.stringify({ a: 2, b: 3 }),
		});
		expect(await plain.json()).toBe(5);
	});
});
