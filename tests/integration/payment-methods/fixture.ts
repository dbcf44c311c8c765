import type { APIContext, APIRoute } from 'astro';
import { demo, other, startProductStack, type Personas } from '../data-model/personas.ts';
import type * as GatewayModule from '../../../src/server/payments/test-gateway.ts';

// What the saved-card tests share: the local stack with the demo seed and the test gateway (no
// Stripe key), the API routes called as Astro calls them, and a card added the way a customer
// adds one: the setup route, then the test gateway's signed 'card.saved' webhook on its route.

export const origin = 'http://127.0.0.1:4321';

export interface Answer {
	status: number;
	body: Record<string, unknown> & { error?: { code: string; message: string } };
}

export interface CardsStack {
	p: Personas;
	tokens: { owner: string; other: string };
	/** GET or POST one of the routes as the holder of `token` (none: signed out). */
	call(route: APIRoute, path: string, options?: CallOptions): Promise<Answer>;
	/** Opens a setup as `token` and delivers the saved card's webhook; the webhook's raw parts. */
	addCard(token: string, card?: 'visa' | 'declining'): Promise<Delivery>;
	/** Delivers a signed webhook to POST /api/payments/test/webhook again. */
	deliver(delivery: Delivery): Promise<number>;
	/** Forgets both customers' saved-card changes, so each test starts within the rate limit. */
	resetLimits(): Promise<void>;
	routes: Routes;
}

export interface CallOptions {
	token?: string | null;
	method?: 'GET' | 'POST';
	params?: Record<string, string>;
	body?: unknown;
}

export interface Delivery {
	rawBody: string;
	headers: Record<string, string>;
}

type Routes = Awaited<ReturnType<typeof loadRoutes>>;

async function loadRoutes() {
	return {
		list: (await import('../../../src/pages/api/payment-methods/index.ts')).GET,
		setup: (await import('../../../src/pages/api/payment-methods/setup.ts')).POST,
		makeDefault: (await import('../../../src/pages/api/payment-methods/[id]/default.ts')).POST,
		remove: (await import('../../../src/pages/api/payment-methods/[id]/remove.ts')).POST,
		webhook: (await import('../../../src/pages/api/payments/[gateway]/webhook.ts')).POST,
		saveCard: (await import('../../../src/pages/api/payments/test/save-card.ts')).POST,
	};
}

export async function startCardsStack(): Promise<CardsStack> {
	const p = await startProductStack();
	Object.assign(process.env, {
		PUBLIC_SUPABASE_URL: p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
		STRIPE_SECRET_KEY: '',
		STRIPE_WEBHOOK_SECRET: '',
		TEST_GATEWAY_SECRET: '',
	});
	const routes = await loadRoutes();
	const gateway: typeof GatewayModule =
		await import('../../../src/server/payments/test-gateway.ts');
	const tokenOf = async (client: Personas['owner']) =>
		(await client.auth.getSession()).data.session!.access_token;
	const tokens = { owner: await tokenOf(p.owner), other: await tokenOf(p.other) };

	async function call(route: APIRoute, path: string, options: CallOptions = {}): Promise<Answer> {
		const { token = null, method = 'POST', params = {}, body = {} } = options;
		const url = new URL(path, origin);
		const headers: Record<string, string> = { 'Content-Type': 'application/json' };
		if (token) headers.Authorization = `Bearer ${token}`;
		const request = new Request(url, {
			method,
			headers,
			...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
		});
		const context = { request, url, params, locals: {}, cookies: { get: () => undefined } };
		const response = await route(context as unknown as APIContext);
		return { status: response.status, body: (await response.json()) as Answer['body'] };
	}

	async function deliver(delivery: Delivery): Promise<number> {
		const url = new URL('/api/payments/test/webhook', origin);
		const request = new Request(url, {
			method: 'POST',
			headers: delivery.headers,
			body: delivery.rawBody,
		});
		const context = { request, url, params: { gateway: 'test' } };
		return (await routes.webhook(context as unknown as APIContext)).status;
	}

	async function addCard(token: string, card: 'visa' | 'declining' = 'visa'): Promise<Delivery> {
		const opened = await call(routes.setup, '/api/payment-methods/setup', { token });
		if (opened.status !== 201) throw new Error(`setup answered ${opened.status}`);
		const sessionToken = new URL(String(opened.body.setupUrl)).searchParams.get('session') ?? '';
		const setup = gateway.readTestSetup(sessionToken);
		if (!setup) throw new Error('the setup URL carries no setup the gateway can read');
		const delivery = gateway.signTestWebhook(gateway.testCardWebhookFor(setup, card));
		const status = await deliver(delivery);
		if (status !== 200) throw new Error(`the webhook answered ${status}`);
		return delivery;
	}

	const { limits } = await import('../../../src/server/rate-limit/limits.ts');
	const resetLimits = async () => {
		await Promise.all([demo.id, other.id].map((id) => limits.savedCardChangesPerAccount.clear(id)));
	};

	return { p, tokens, call, addCard, deliver, resetLimits, routes };
}
