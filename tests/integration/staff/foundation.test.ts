import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { demo, staffMember, startProductStack, type Personas } from '../data-model/personas.ts';
import type * as Write from '../../../src/server/staff/write.ts';

// The staff console's foundation (issue 32) as each persona meets it: the staff role and the audit
// log are the service role's alone, the audit log cannot be changed even by it, the operator's
// grant and revoke find accounts by address, and the write door runs a write once per request id
// and leaves exactly one audit row for a write that changed something.

let p: Personas;
let write: typeof Write;
const staff = { id: demo.id, email: demo.email };

beforeAll(async () => {
	p = await startProductStack();
	Object.assign(process.env, {
		PUBLIC_SUPABASE_URL: p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
	});
	write = await import('../../../src/server/staff/write.ts');
});
afterAll(() => p.stack.stop());

/** The little of an APIContext the write door reads: the request, the guard's staff, cookies. */
function contextFor(body: unknown): APIContext {
	const request = new Request('http://site.test/api/staff/test', {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(body),
	});
	const fake = {
		request,
		locals: { locale: 'en', staff },
		cookies: { get: () => undefined },
		rewrite: () => Promise.resolve(new Response('not found', { status: 404 })),
	};
	return fake as unknown as APIContext;
}

const auditRows = async (requestId: string) =>
	(await p.service.from('staff_audit').select('action, subject').eq('request_id', requestId)).data;

describe('the staff tables', () => {
	it('are invisible to customers and visitors, and grant_staff is the service role’s', async () => {
		for (const client of [p.anon, p.owner])
			for (const table of [
				'staff_members',
				'staff_audit',
				'staff_requests',
				'staff_approvals',
			] as const) {
				const { data, error } = await client.from(table).select('*');
				expect(error?.code ?? (data?.length === 0 ? 'empty' : 'rows'), table).not.toBe('rows');
			}
		const { error } = await p.owner.rpc('grant_staff', { email: demo.email });
		expect(error).not.toBeNull();
		const { count } = await p.service
			.from('staff_members')
			.select('user_id', { count: 'exact', head: true });
		expect(count).toBe(1); // the seed's member of staff alone
	});

	it('grants and revokes by address, case and spaces ignored; an unknown address is not_found', async () => {
		expect((await p.service.rpc('grant_staff', { email: ' DEMO@frostnode.example ' })).data).toBe(
			'granted',
		);
		expect((await p.service.rpc('grant_staff', { email: demo.email })).data).toBe('granted');
		expect((await p.service.rpc('grant_staff', { email: 'nobody@example.com' })).data).toBe(
			'not_found',
		);
		const listed = await p.service.from('staff_members').select('user_id').order('user_id');
		expect(listed.data).toEqual(
			[{ user_id: staffMember.id }, { user_id: demo.id }].toSorted((a, b) =>
				a.user_id.localeCompare(b.user_id),
			),
		);
		expect((await p.service.rpc('revoke_staff', { email: demo.email })).data).toBe('revoked');
		expect((await p.service.from('staff_members').select('user_id')).data).toEqual([
			{ user_id: staffMember.id },
		]);
	});
});

describe('the staff write door', () => {
	const schema = z.object({ value: z.string().max(10) });
	let ran = 0;
	const handle: Parameters<typeof write.staffWrite<{ value: string }>>[2] = ({ body }) => {
		ran += 1;
		if (body.value === 'refuse')
			return Promise.resolve({ status: 422, body: { error: { code: 'refused' } } });
		if (body.value === 'throw') return Promise.reject(new Error('the gateway is down'));
		return Promise.resolve({
			status: 200,
			body: { done: body.value },
			audit: {
				action: 'discount_created',
				customerId: null,
				subject: `discount:${body.value}`,
				before: null,
				after: { code: body.value },
			},
		});
	};

	it('runs a write once per request id, answers the repeat the same, and audits it once', async () => {
		const requestId = crypto.randomUUID();
		ran = 0;
		const first = await write.staffWrite(
			contextFor({ requestId, value: 'SPRING' }),
			schema,
			handle,
		);
		const again = await write.staffWrite(
			contextFor({ requestId, value: 'SPRING' }),
			schema,
			handle,
		);
		expect([first.status, await first.json()]).toEqual([200, { done: 'SPRING' }]);
		expect([again.status, await again.json()]).toEqual([200, { done: 'SPRING' }]);
		expect(again.headers.get('Idempotent-Replayed')).toBe('true');
		expect(ran).toBe(1);
		expect(await auditRows(requestId)).toEqual([
			{ action: 'discount_created', subject: 'discount:SPRING' },
		]);
	});

	it('leaves no audit row for a refusal, and frees the id when the write fails', async () => {
		const refused = crypto.randomUUID();
		const answer = await write.staffWrite(
			contextFor({ requestId: refused, value: 'refuse' }),
			schema,
			handle,
		);
		expect(answer.status).toBe(422);
		expect(await auditRows(refused)).toEqual([]);

		const failing = crypto.randomUUID();
		await expect(
			write.staffWrite(contextFor({ requestId: failing, value: 'throw' }), schema, handle),
		).rejects.toThrow('the gateway is down');
		const retried = await write.staffWrite(
			contextFor({ requestId: failing, value: 'OK' }),
			schema,
			handle,
		);
		expect(retried.status).toBe(200);
		expect(await auditRows(failing)).toHaveLength(1);
	});

	it('refuses a body without a request id or with a bad field, and changes nothing', async () => {
		ran = 0;
		expect((await write.staffWrite(contextFor({ value: 'X' }), schema, handle)).status).toBe(400);
		const requestId = crypto.randomUUID();
		const long = await write.staffWrite(
			contextFor({ requestId, value: 'x'.repeat(11) }),
			schema,
			handle,
		);
		expect(long.status).toBe(400);
		expect(ran).toBe(0);
		expect(await auditRows(requestId)).toEqual([]);
	});
});

describe('the audit log', () => {
	it('cannot be changed or deleted, not even by the service role', async () => {
		const { data } = await p.service.from('staff_audit').select('id').limit(1).single();
		const id = z.object({ id: z.number() }).parse(data).id;
		const update = await p.service.from('staff_audit').update({ subject: 'changed' }).eq('id', id);
		expect(update.error).not.toBeNull();
		const remove = await p.service.from('staff_audit').delete().eq('id', id);
		expect(remove.error).not.toBeNull();
		const kept = await p.service.from('staff_audit').select('subject').eq('id', id).single();
		expect(kept.data?.subject).not.toBe('changed');
	});
});
