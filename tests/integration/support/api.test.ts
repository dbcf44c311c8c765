import type { APIContext, APIRoute } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, ids, other, startProductStack, type Personas } from '../data-model/personas.ts';
import { signedInUser } from '../local-stack/helpers.ts';

// The support endpoints as the browser calls them, with bearer tokens against the local stack:
// the contract in docs/panel.md ("Support"), answers in the caller's language, the same 404 for
// any ticket that is not the caller's, and the per-account limit on new tickets.

let p: Personas;
let routes: Record<'list' | 'thread' | 'create' | 'reply' | 'close' | 'reopen', APIRoute>;
let owner: string;
let stranger: string;
const closedTicket = '22222222-0000-4000-8000-000000000002';

beforeAll(async () => {
	p = await startProductStack();
	Object.assign(process.env, {
		PUBLIC_SUPABASE_URL: p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
	});
	routes = {
		list: (await import('../../../src/pages/api/panel/tickets/index.ts')).GET,
		thread: (await import('../../../src/pages/api/panel/tickets/[id].ts')).GET,
		create: (await import('../../../src/pages/api/tickets/index.ts')).POST,
		reply: (await import('../../../src/pages/api/tickets/[id]/reply.ts')).POST,
		close: (await import('../../../src/pages/api/tickets/[id]/close.ts')).POST,
		reopen: (await import('../../../src/pages/api/tickets/[id]/reopen.ts')).POST,
	};
	owner = (await p.owner.auth.getSession()).data.session!.access_token;
	stranger = (await p.other.auth.getSession()).data.session!.access_token;
});
afterAll(() => p.stack.stop());

interface Answer {
	status: number;
	body: { error?: { code: string; message: string } } & Record<string, unknown>;
	headers: Headers;
}

async function call(
	route: keyof typeof routes,
	options: { id?: string; body?: unknown; bearer?: string | null; query?: string } = {},
): Promise<Answer> {
	const path = options.id ? `/api/tickets/${options.id}` : '/api/tickets';
	const url = new URL(`http://127.0.0.1:4321${path}${options.query ?? ''}`);
	const bearer = options.bearer === undefined ? owner : options.bearer;
	const headers: Record<string, string> = bearer ? { Authorization: `Bearer ${bearer}` } : {};
	const post = options.body !== undefined;
	if (post) headers['Content-Type'] = 'application/json';
	const request = new Request(url, {
		method: post ? 'POST' : 'GET',
		headers,
		body: post ? JSON.stringify(options.body) : undefined,
	});
	const context = {
		request,
		url,
		params: { id: options.id },
		locals: {},
		cookies: { get: () => undefined },
	};
	const response = await routes[route](context as unknown as APIContext);
	return { status: response.status, body: await response.json(), headers: response.headers };
}

const count = async (userId: string) =>
	(
		await p.service
			.from('tickets')
			.select('id', { count: 'exact', head: true })
			.eq('user_id', userId)
	).count;

describe('reads', () => {
	it('answers 401 without a session', async () => {
		expect((await call('list', { bearer: null })).status).toBe(401);
	});

	it('lists the caller’s tickets and servers', async () => {
		const { status, body } = await call('list');
		expect(status).toBe(200);
		const tickets = body.tickets as { id: string; lastReplyAt: string }[];
		expect(tickets.map((t) => t.id)).toEqual([ids.openTicket, closedTicket]);
		expect(body.services).toHaveLength(3);
	});

	it('answers one 404, in the caller’s language, for foreign, missing and malformed ids', async () => {
		const answers = await Promise.all(
			[ids.openTicket, '00000000-0000-4000-8000-000000000000', 'nope'].map((id) =>
				call('thread', { id, bearer: stranger, query: '?locale=de' }),
			),
		);
		expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404]);
		expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
		expect(answers[0]!.body.error).toEqual({ code: 'not_found', message: 'Ticket nicht gefunden' });
	});
});

describe('writes', () => {
	it('refuses a form with missing fields in the caller’s language, and opens nothing', async () => {
		const before = await count(demo.id);
		const refused = await call('create', {
			body: { subject: 'Lag', department: 'technical', message: ' ', locale: 'de' },
		});
		expect(refused.status).toBe(400);
		expect(refused.body.error).toEqual({
			code: 'missing_fields',
			message: 'Bitte fülle alle erforderlichen Felder aus',
		});
		expect((await call('create', { body: {} })).body.error?.code).toBe('missing_fields');
		expect(await count(demo.id)).toBe(before);
	});

	it('refuses a ticket about another customer’s server', async () => {
		const refused = await call('create', {
			bearer: stranger,
			body: { subject: 'Their server', department: 'billing', serviceId: ids.rust, message: 'Hi' },
		});
		expect(refused.status).toBe(422);
		expect(refused.body.error?.code).toBe('invalid_service');
		expect(await count(other.id)).toBe(0);
	});

	it('opens a ticket (201 with its id), replies, closes and reopens it', async () => {
		const opened = await call('create', {
			body: {
				subject: 'Backups of my world',
				department: 'technical',
				serviceId: ids.palworld,
				message: 'Where do I find them?',
				locale: 'en',
			},
		});
		expect(opened.status).toBe(201);
		const id = opened.body.id as string;
		expect((await call('close', { id, body: {} })).body).toEqual({ id, status: 'closed' });
		expect((await call('reopen', { id, body: {} })).body).toEqual({ id, status: 'open' });
		expect((await call('close', { id, body: {} })).status).toBe(200);
		expect((await call('reply', { id, body: { message: 'Still there?' } })).body).toEqual({
			id,
			status: 'open',
		});
		const empty = await call('reply', { id, body: { message: '  ', locale: 'no' } });
		expect(empty.status).toBe(400);
		expect(empty.body.error?.message).toBe('Fyll ut alle obligatoriske felt');
		const thread = await call('thread', { id });
		expect(thread.body).toMatchObject({ id, status: 'open', service: { id: ids.palworld } });
		expect((thread.body.messages as unknown[]).length).toBe(2);
	});

	it('answers not found to every write on another customer’s ticket', async () => {
		for (const route of ['reply', 'close', 'reopen'] as const) {
			const answer = await call(route, {
				id: closedTicket,
				bearer: stranger,
				body: { message: 'x', locale: 'en' },
			});
			expect(answer.status, route).toBe(404);
			expect(answer.body.error).toEqual({ code: 'not_found', message: 'Ticket not found' });
		}
		const { data } = await p.service
			.from('tickets')
			.select('status')
			.eq('id', closedTicket)
			.single();
		expect(data?.status).toBe('closed');
	});

	it('limits new tickets to 10 an hour per customer, refused attempts included', async () => {
		const fresh = await signedInUser(p.stack);
		const bearer = fresh.session.access_token;
		for (let i = 0; i < 10; i++)
			expect((await call('create', { bearer, body: { locale: 'en' } })).status).toBe(400);
		const limited = await call('create', { bearer, body: { locale: 'en' } });
		expect(limited.status).toBe(429);
		expect(limited.body.error?.code).toBe('rate_limited');
		expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
	});
});
