import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import { api, clientFor, startTestStack } from './helpers.ts';

// RPC as PostgREST answers it, each expectation taken from PostgREST's source or spec (named beside
// it): max-affected and tx=rollback undoing a function's writes, the raw body for a single unnamed
// parameter, choosing among overloads, and Content-Range for functions that return one value.

let stack: LocalStack;

beforeAll(async () => {
	stack = await startTestStack();
});
afterAll(async () => {
	await stack?.stop();
});

const batchName = () => `batch-${randomUUID().slice(0, 8)}`;

async function rowsOf(batch: string): Promise<number | null> {
	const { count } = await clientFor(stack)
		.from('rpc_items')
		.select('id', { count: 'exact', head: true })
		.eq('batch', batch);
	return count;
}

function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
	return api(stack, `/rest/v1/rpc/${path}`, { method: 'POST', body, headers });
}

/**
 * postgrest-js's maxAffected() sends these two preferences, but its types allow it only for clients
 * typed for PostgREST 13+, which the untyped test client is not.
 */
function maxAffected(fn: string, args: Record<string, unknown>, rows: number) {
	return post(fn, JSON.stringify(args), { Prefer: `handling=strict, max-affected=${rows}` });
}

describe('Prefer: handling=strict, max-affected on RPC', () => {
	it('refuses a set-returning call that yields more rows and keeps none of its writes', async () => {
		for (const fn of ['rpc_insert_items', 'rpc_insert_items_table']) {
			const batch = batchName();
			// PreferencesSpec.hs "should fail with rpc when deleting rows more than prefered"
			const refused = await maxAffected(fn, { batch, n: 3 }, 2);
			expect([refused.status, await refused.json()]).toEqual([
				400,
				{
					code: 'PGRST124',
					message: 'Query result exceeds max-affected preference constraint',
					details: 'The query affects 3 rows',
					hint: null,
				},
			]);
			expect(await rowsOf(batch)).toBe(0);
		}
	});

	it('lets a call within the limit commit, and reports the preference', async () => {
		const batch = batchName();
		// PreferencesSpec.hs "should succeed with rpc deleting rows less than prefered"
		const response = await post('rpc_insert_items', JSON.stringify({ batch, n: 3 }), {
			Prefer: 'handling=strict, max-affected=3',
		});
		expect(response.status).toBe(200);
		expect((await response.json()) as unknown[]).toHaveLength(3);
		// Preferences.hs prefAppliedHeader: max-affected is reported with handling=strict
		expect(response.headers.get('preference-applied')).toBe('handling=strict, max-affected=3');
		expect(await rowsOf(batch)).toBe(3);
	});

	it('ignores max-affected without handling=strict', async () => {
		const batch = batchName();
		// MainTx.hs failExceedsMaxAffectedPref fails only when handling == Just Strict
		const response = await post('rpc_insert_items', JSON.stringify({ batch, n: 3 }), {
			Prefer: 'handling=lenient, max-affected=1',
		});
		expect(response.status).toBe(200);
		// Preferences.hs prefAppliedHeader: max-affected only `if preferHandling == Just Strict`
		expect(response.headers.get('preference-applied')).toBe('handling=lenient');
		expect(await rowsOf(batch)).toBe(3);
	});

	it('refuses functions that do not return a set with PGRST128, before they run', async () => {
		for (const fn of ['rpc_insert_count', 'rpc_insert_void']) {
			const batch = batchName();
			// PreferencesSpec.hs "should fail with rpc when returns void with handling=strict"
			const refused = await maxAffected(fn, { batch, n: 1 }, 20);
			expect([refused.status, await refused.json()]).toEqual([
				400,
				{
					code: 'PGRST128',
					message:
						'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
					details: null,
					hint: null,
				},
			]);
			expect(await rowsOf(batch)).toBe(0);
		}
	});
	it('refuses params=single-object with handling=strict, as PostgREST 13 and later do', async () => {
		// Preferences.hs acceptedPrefs (v13+) no longer lists params=single-object
		const response = await post('rpc_raw_json', '{}', {
			Prefer: 'handling=strict, params=single-object',
		});
		expect([response.status, await response.json()]).toEqual([
			400,
			{
				code: 'PGRST122',
				message: 'Invalid preferences given with handling=strict',
				details: 'Invalid preferences: params=single-object',
				hint: null,
			},
		]);
	});
});

describe('Prefer: tx=rollback on RPC', () => {
	it('answers as if committed, reports tx=rollback and leaves no writes behind', async () => {
		const db = clientFor(stack);
		const set = batchName();
		// MainTx.hs optionalRollback condemns the call's transaction; Response.hs keeps the body
		const rows = await db.rpc('rpc_insert_items', { batch: set, n: 2 }).rollback();
		expect([rows.status, (rows.data as { batch: string }[]).map((r) => r.batch)]).toEqual([
			200,
			[set, set],
		]);
		expect(await rowsOf(set)).toBe(0);
		const scalar = batchName();
		expect((await db.rpc('rpc_insert_count', { batch: scalar, n: 4 }).rollback()).data).toBe(4);
		expect(await rowsOf(scalar)).toBe(0);
		const nothing = batchName();
		// Response.hs responsePreferences keeps preferTransaction for CallReadPlan
		const response = await post('rpc_insert_void', JSON.stringify({ batch: nothing, n: 1 }), {
			Prefer: 'tx=rollback, count=exact',
		});
		expect([response.status, response.headers.get('preference-applied')]).toEqual([
			204,
			'count=exact, tx=rollback',
		]);
		expect(await rowsOf(nothing)).toBe(0);
	});
});

describe('a single unnamed parameter receives the raw body', () => {
	it('json by application/json, text by text/plain, xml by text/xml, bytea by octet-stream', async () => {
		// RpcSpec.hs "single unnamed param": unnamed_json/text/xml/bytea_param
		const json = await post('rpc_raw_json', '{"A": 1, "B": [2]}');
		expect([json.status, await json.json()]).toEqual([200, { A: 1, B: [2] }]);
		const text = await post('rpc_raw_text', 'line one\nlïne two', { 'Content-Type': 'text/plain' });
		expect([text.status, await text.json()]).toEqual([200, 'line one\nlïne two']);
		const xml = await post('rpc_raw_xml', '<note><to>Jane</to></note>', {
			'Content-Type': 'text/xml',
		});
		expect([xml.status, await xml.json()]).toEqual([200, '<note><to>Jane</to></note>']);
		const bytes = await post('rpc_raw_bytea', new Uint8Array([0, 1, 0xfe, 0xff]), {
			'Content-Type': 'application/octet-stream',
		});
		expect([bytes.status, await bytes.json()]).toEqual([200, '0001feff']);
		// Query/SqlFragment.hs singleParameter casts the body to the parameter type: invalid xml fails
		const badXml = await post('rpc_raw_xml', '<', { 'Content-Type': 'text/xml' });
		expect([badXml.status, ((await badXml.json()) as { code: string }).code]).toEqual([
			400,
			'2200N',
		]);
	});

	it('runs volatile raw-body functions as writes', async () => {
		const batch = batchName();
		// functions.rst "Functions with a single unnamed parameter" (upload_binary inserts the body)
		const stored = await post('rpc_store_text', batch, { 'Content-Type': 'text/plain' });
		expect(stored.status).toBe(200);
		expect(await rowsOf(batch)).toBe(1);
	});

	it('passes any JSON that is not an object or array of objects as an empty array', async () => {
		// ApiRequest/Payload.hs payloadAttributes: "truncate everything else to an empty array"
		for (const body of ['5', '"text"', 'null']) {
			const response = await post('rpc_raw_json', body);
			expect([response.status, await response.json()]).toEqual([200, []]);
		}
		// payloadAttributes: an array whose elements are not objects with the same keys is refused
		const mixed = await post('rpc_raw_json', '[1, 2]');
		expect([mixed.status, await mixed.json()]).toEqual([
			400,
			{ code: 'PGRST102', message: 'All object keys must match', details: null, hint: null },
		]);
	});

	it('answers PGRST202 worded for the Content-Type when no function takes that body', async () => {
		// RpcSpec.hs "will err when no function with single unnamed text parameter exists ..."
		const cases: [string, string, string][] = [
			['text/plain', 'rpc_raw_int', 'text'],
			['text/xml', 'rpc_raw_int', 'xml'],
			['application/octet-stream', 'rpc_raw_int', 'bytea'],
			['text/plain', 'rpc_raw_json', 'text'],
		];
		for (const [contentType, fn, kind] of cases) {
			const response = await post(fn, 'a simple text', { 'Content-Type': contentType });
			expect([response.status, await response.json()]).toEqual([
				404,
				{
					code: 'PGRST202',
					message: `Could not find the function public.${fn} in the schema cache`,
					details: `Searched for the function public.${fn} with a single unnamed ${kind} parameter, but no matches were found in the schema cache.`,
					hint: null,
				},
			]);
		}
	});

	it('refuses a JSON body for a named parameter and for unnamed parameters of other types', async () => {
		const db = clientFor(stack);
		// RpcSpec.hs "rejects json body when single param has a name" (PostgREST 14's findProc)
		const named = await db.rpc('rpc_named_json', { A: 1 });
		expect([named.status, named.error?.details]).toEqual([
			404,
			'Searched for the function public.rpc_named_json with parameter A or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
		]);
		expect((await db.rpc('rpc_named_json', { data: { A: 1 } })).data).toEqual({ A: 1 });
		// SchemaCache.hs funcsSqlQuery: an unnamed parameter not of a raw body type is not callable
		for (const fn of ['rpc_raw_int', 'rpc_raw_int_default']) {
			const refused = await db.rpc(fn);
			expect([refused.status, refused.error?.code]).toEqual([404, 'PGRST202']);
		}
	});

	it('refuses request bodies of a Content-Type PostgREST does not read', async () => {
		// ApiRequest/Payload.hs: `(ct, _) -> Left $ "Content-Type not acceptable: " <> toMime ct`
		const response = await post('rpc_raw_text', '<a/>', { 'Content-Type': 'application/xml' });
		expect([response.status, await response.json()]).toEqual([
			400,
			{
				code: 'PGRST102',
				message: 'Content-Type not acceptable: application/xml',
				details: null,
				hint: null,
			},
		]);
	});
});

describe('choosing among overloaded functions', () => {
	it('prefers named arguments, then falls back to the raw-body function of the Content-Type', async () => {
		const db = clientFor(stack);
		// RpcSpec.hs "should be able to resolve when a single unnamed json parameter exists ..."
		expect((await db.rpc('rpc_overloaded')).data).toBe(1);
		expect((await db.rpc('rpc_overloaded', { x: 1, y: 2 })).data).toBe(3);
		// RpcSpec.hs "should be able to fallback to the single unnamed parameter function ..."
		expect((await db.rpc('rpc_overloaded', { A: 1 })).data).toEqual({ A: 1 });
		const text = await post('rpc_overloaded', 'hi', { 'Content-Type': 'text/plain' });
		expect(await text.json()).toBe('text: hi');
		const bytes = await post('rpc_overloaded', new Uint8Array([0xab]), {
			'Content-Type': 'application/octet-stream',
		});
		expect(await bytes.json()).toBe('bytes: ab');
		// RpcSpec.hs "should call the function with no parameters ... when using GET with Content-Type"
		const get = await api(stack, '/rest/v1/rpc/rpc_overloaded', {
			headers: { 'Content-Type': 'text/plain' },
		});
		expect(await get.json()).toBe(1);
		// RpcSpec.hs overloaded_html_form: form fields are named arguments
		const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
		expect(await (await post('rpc_overloaded', 'x=4&y=5', form)).json()).toBe(9);
		expect(await (await post('rpc_overloaded', '', form)).json()).toBe(1);
	});

	it('reads the arguments of an array body from its first object', async () => {
		// RpcSpec.hs "only takes the first object in case of array of objects payload"
		const response = await post('rpc_add', '[{"a": 1, "b": 2}, {"a": 4, "b": 6}]');
		expect([response.status, await response.json()]).toEqual([200, 3]);
		// RpcSpec.hs "ignores json keys not included in ?columns"
		const columns = await post('rpc_defaults?columns=a', '{"a": 7, "extra": "ignored"}');
		expect(await columns.json()).toBe('a 7 e');
	});

	it('picks by exact argument names, with defaulted parameters optional', async () => {
		const db = clientFor(stack);
		// RpcSpec.hs "embedding overloaded functions with the same signature except ... default"
		expect((await db.rpc('rpc_defaults')).data).toBe('opt o');
		expect((await db.rpc('rpc_defaults', { opt: 'p' })).data).toBe('opt p');
		expect((await db.rpc('rpc_defaults', { must: 2 })).data).toBe('must 2');
		expect((await db.rpc('rpc_defaults', { a: 1 })).data).toBe('a 1 e');
		expect((await db.rpc('rpc_defaults', { a: 1, extra: 'x' }, { get: true })).data).toBe('a 1 x');
		// Plan.hs findProc matchesParams: required names exactly, the rest among the defaulted ones
		const mixed = await db.rpc('rpc_defaults', { must: 1, opt: 'z' });
		expect([mixed.status, mixed.error?.message]).toEqual([
			404,
			'Could not find the function public.rpc_defaults(must, opt) in the schema cache',
		]);
	});

	it('answers 300 PGRST203 when more than one candidate fits, fewest parameters first', async () => {
		const db = clientFor(stack);
		const hint =
			'Try renaming the parameters or the function itself in the database so function overloading can be resolved';
		// RpcSpec.hs "should fail with 300 Multiple Choices without explicit type casts"
		const same = await db.rpc('rpc_same_args', { arg: '1' }, { get: true });
		expect([same.status, same.error]).toEqual([
			300,
			{
				code: 'PGRST203',
				message:
					'Could not choose the best candidate function between: public.rpc_same_args(arg => integer), public.rpc_same_args(arg => text, num => integer)',
				details: null,
				hint,
			},
		]);
		// RpcSpec.hs "should fail with multiple choices when two fallback functions ... json and jsonb"
		const fallback = await db.rpc('rpc_json_or_jsonb', { A: 1 });
		expect([fallback.status, fallback.error?.message]).toEqual([
			300,
			'Could not choose the best candidate function between: public.rpc_json_or_jsonb( => json), public.rpc_json_or_jsonb( => jsonb)',
		]);
		expect((await db.rpc('rpc_json_or_jsonb', { x: 1 })).data).toBe('x');
	});
});

describe('functions that return one value', () => {
	it('count exactly one row for a scalar, a domain, a composite and an OUT parameter', async () => {
		const db = clientFor(stack);
		// RpcSpec.hs "includes exact count of 1 for functions that return a single scalar, domain or composite"
		const calls = [
			[db.rpc('rpc_add', { a: 3, b: 4 }, { count: 'exact' }), 7],
			[db.rpc('rpc_domain', { val: 8 }, { count: 'exact', get: true }), 8],
			[db.rpc('rpc_make_point', { x: 10, y: 5 }, { count: 'exact' }), { x: 10, y: 5 }],
			// RpcSpec.hs "returns an object result when there is a single OUT param"
			[db.rpc('rpc_double', { a: 2 }, { count: 'exact' }), { doubled: 4 }],
		] as const;
		for (const [call, value] of calls) {
			const result = await call;
			expect([result.status, result.data, result.count]).toEqual([200, value, 1]);
		}
		const raw = await api(stack, '/rest/v1/rpc/rpc_add?a=1&b=2', {
			headers: { Prefer: 'count=exact' },
		});
		expect(raw.headers.get('content-range')).toBe('0-0/1');
		// Query/Statements.hs mainCall: page_total is 1 for funcReturnsSingle, uncounted total is *
		const uncounted = await api(stack, '/rest/v1/rpc/rpc_add?a=1&b=2');
		expect(uncounted.headers.get('content-range')).toBe('0-0/*');
	});

	it('returns rows, not values, for a TABLE function of one column', async () => {
		// RpcSpec.hs "returns an object result when there is a single-column TABLE return type"
		const { data } = await clientFor(stack).rpc('rpc_single_column');
		expect(data).toEqual([{ letter: 'a' }, { letter: 'b' }]);
	});

	it('counts void calls as one row and sets of scalars by their rows', async () => {
		const db = clientFor(stack);
		// Response.hs: a void function answers 204 with the Content-Range of its one-row result
		const nothing = await db.rpc('rpc_noop', {}, { count: 'exact' });
		expect([nothing.status, nothing.count]).toEqual([204, 1]);
		// Query/Statements.hs mainCall counts pgrst_source, whatever the function returns
		const letters = await db.rpc('rpc_letters', {}, { count: 'exact' });
		expect([letters.status, letters.data, letters.count]).toEqual([200, ['a', 'b', 'c'], 3]);
		// RangeQuery.hs rangeStatusHeader: a partial page of a counted set is 206
		const page = await db.rpc('rpc_letters', {}, { count: 'exact' }).range(1, 1);
		expect([page.status, page.data, page.count]).toEqual([206, ['b'], 3]);
	});
});
