import type { APIContext, APIRoute } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startProductStack, type Personas } from '../data-model/personas.ts';
import { clientFor } from '../local-stack/helpers.ts';

// Issue 26 item 6: /api/discount-codes/check locked an address after ten misses, but
// /api/checkout answered a wrong code with 409 every time, so a second account found a live code
// through it. Both routes, called as Astro calls them from chosen client addresses, now count
// misses against the same limits per address and per account; once locked, any code is refused
// with the same translated 429, and an order without a code still goes through.

let p: Personas;
let routes: { check: APIRoute; checkout: APIRoute };
const origin = 'http://127.0.0.1:4321';

beforeAll(async () => {
	p = await startProductStack();
	Object.assign(process.env, {
		PUBLIC_SUPABASE_URL: p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
		STRIPE_SECRET_KEY: '',
		TEST_GATEWAY_SECRET: 'discount-guesses-gateway-secret-0123456789',
	});
	routes = {
		check: (await import('../../../src/pages/api/discount-codes/check.ts')).POST,
		checkout: (await import('../../../src/pages/api/checkout.ts')).POST,
	};
});
afterAll(() => p.stack.stop());

/** A new customer of their own, signed in: each test's account starts with no misses. */
async function account(): Promise<string> {
	const email = `guess-${randomUUID().slice(0, 8)}@example.com`;
	const password = 'Guessing-Lantern-2026';
	const made = await p.service.auth.admin.createUser({ email, password, email_confirm: true });
	if (made.error) throw made.error;
	const client = clientFor(p.stack);
	const { data, error } = await client.auth.signInWithPassword({ email, password });
	if (error) throw error;
	return data.session.access_token;
}

interface Answer {
	status: number;
	body: { error?: { code: string; message: string } } & Record<string, unknown>;
	retryAfter: string | null;
}

async function call(
	route: keyof typeof routes,
	from: string,
	body: unknown,
	token?: string,
): Promise<Answer> {
	const url = new URL(route === 'check' ? '/api/discount-codes/check' : '/api/checkout', origin);
	const headers: Record<string, string> = { 'Content-Type': 'application/json' };
	if (token) headers.Authorization = `Bearer ${token}`;
	const request = new Request(url, { method: 'POST', headers, body: JSON.stringify(body) });
	const context = {
		request,
		url,
		params: {},
		locals: { clientAddress: from },
		cookies: { get: () => undefined },
	};
	const response = await routes[route](context as unknown as APIContext);
	return {
		status: response.status,
		body: (await response.json()) as Answer['body'],
		retryAfter: response.headers.get('retry-after'),
	};
}

let serial = 0;
const order = (discountCode?: string) => ({
	item: {
		planId: 'palworld-standard',
		ram: 8,
		storageGb: 25,
		extras: [],
		cycle: 'monthly',
		currency: 'EUR',
	},
	...(discountCode ? { discountCode } : {}),
	billing: { name: 'Gry Guess', address: 'Gate 1', postcode: '0150', city: 'Oslo', country: 'NO' },
	method: 'card',
	idempotencyKey: `guesses-${++serial}-${Date.now()}`,
	locale: 'de',
});
const checkout = (from: string, token: string, code?: string) =>
	call('checkout', from, order(code), token);
const check = (from: string, code: string, token?: string) =>
	call('check', from, { code, locale: 'de' }, token);

/** The refusal both routes give once locked: 429, a wait, the German message. */
function expectLocked(answer: Answer) {
	expect(answer.status).toBe(429);
	expect(answer.body.error?.code).toBe('rate_limited');
	expect(answer.body.error?.message).toBe(
		'Zu viele Anfragen. Bitte warte einige Minuten und versuche es erneut.',
	);
	expect(Number(answer.retryAfter)).toBeGreaterThan(0);
}

describe('discount code misses at checkout', () => {
	it('count per address: ten wrong codes lock the address for checks and checkout alike', async () => {
		const guesser = '203.0.113.61';
		const second = await account();
		for (let i = 0; i < 10; i++) {
			const miss = await checkout(guesser, second, `GUESS${i}X`);
			expect(miss.status, `guess ${i}`).toBe(409);
			expect(miss.body.error?.code).toBe('discount_unavailable');
		}
		expectLocked(await checkout(guesser, second, 'SP25'));
		expectLocked(await check(guesser, 'SP25'));
		// Without a code the locked address may still buy.
		const plain = await checkout(guesser, second);
		expect(plain.status).toBe(201);
		expect(plain.body).toMatchObject({ total: 1000, currency: 'EUR' });
		// Another address is not held back by this one.
		expect((await check('203.0.113.62', 'sp25')).status).toBe(200);
	});

	it('count per account: a guesser who changes address is locked all the same', async () => {
		const rotating = await account();
		for (let i = 0; i < 10; i++) {
			const miss = await checkout(`203.0.113.${70 + i}`, rotating, `ROTATE${i}X`);
			expect(miss.status, `guess ${i}`).toBe(409);
		}
		expectLocked(await checkout('203.0.113.90', rotating, 'SP25'));
		expectLocked(await check('203.0.113.91', 'SP25', rotating));
		// The same fresh address without the account answers: the lock is the account's.
		expect((await check('203.0.113.91', 'SP25')).status).toBe(200);
	});

	it('misses at the check route count toward checkout', async () => {
		const guesser = '203.0.113.100';
		const customer = await account();
		for (let i = 0; i < 10; i++) expect((await check(guesser, `PROBE${i}X`)).status).toBe(404);
		expectLocked(await checkout(guesser, customer, 'SP25'));
	});

	it('a found code is not a miss: an honest customer is never locked by good codes', async () => {
		const honest = '203.0.113.110';
		const customer = await account();
		for (let i = 0; i < 12; i++) {
			const answer = await check(honest, 'SP25');
			expect(answer.status, `check ${i}`).toBe(200);
		}
		const bought = await checkout(honest, customer, 'SP25');
		expect(bought.status).toBe(201);
		expect(bought.body).toMatchObject({ total: 750 });
	});
});
