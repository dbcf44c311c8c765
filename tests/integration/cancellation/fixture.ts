import type { APIContext } from 'astro';
import { demo, other, startProductStack, type Personas } from '../data-model/personas.ts';

// What the cancellation tests share: the local stack with the demo seed, the three routes called
// as Astro calls them (bearer tokens, so the customer's own client reaches the database), and
// servers of the demo customer made for one test each.

export const origin = 'http://127.0.0.1:4321';

export interface Answer {
	status: number;
	body: Record<string, unknown> & { error?: { code: string; message: string } };
}

export interface CallOptions {
	token?: string | null;
	body?: unknown;
}

async function loadRoutes() {
	return {
		cancel: (await import('../../../src/pages/api/services/[id]/cancel.ts')).POST,
		keep: (await import('../../../src/pages/api/services/[id]/keep.ts')).POST,
		read: (await import('../../../src/pages/api/panel/services/[id]/cancel.ts')).GET,
	};
}

export type CancelStack = Awaited<ReturnType<typeof startCancelStack>>;

export async function startCancelStack() {
	const p: Personas = await startProductStack();
	Object.assign(process.env, {
		PUBLIC_SUPABASE_URL: p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
		LIVE_CHAT: '',
		CRISP_WEBSITE_ID: '',
	});
	const routes = await loadRoutes();
	const tokenOf = async (client: Personas['owner']) =>
		(await client.auth.getSession()).data.session!.access_token;
	const tokens = { owner: await tokenOf(p.owner), other: await tokenOf(p.other) };

	/** `action` is 'cancel', 'keep' or 'read' on the server `id`, as the holder of `token`. */
	async function call(
		action: keyof typeof routes,
		id: string,
		{ token = tokens.owner, body = {} }: CallOptions = {},
	): Promise<Answer> {
		const read = action === 'read';
		const path = read ? `/api/panel/services/${id}/cancel` : `/api/services/${id}/${action}`;
		const url = new URL(path, origin);
		const headers: Record<string, string> = { 'Content-Type': 'application/json' };
		if (token) headers.Authorization = `Bearer ${token}`;
		const request = new Request(url, {
			method: read ? 'GET' : 'POST',
			headers,
			...(read ? {} : { body: JSON.stringify(body) }),
		});
		const context = { request, url, params: { id }, locals: {}, cookies: { get: () => undefined } };
		const response = await routes[action](context as unknown as APIContext);
		return { status: response.status, body: (await response.json()) as Answer['body'] };
	}

	/** A monthly EUR Palworld server of the demo customer, active in the period given. */
	async function service(
		start: string,
		end: string,
		change: Record<string, unknown> = {},
	): Promise<string> {
		const { data, error } = await p.service
			.from('services')
			.insert({
				user_id: demo.id,
				product_type: 'game',
				location: 'oslo',
				game: 'palworld',
				plan_id: 'palworld-standard',
				tier: 'standard',
				label: 'Cancel test',
				ram_gb: 8,
				storage_gb: 25,
				billing_cycle: 'monthly',
				currency: 'EUR',
				recurring_amount: 800,
				status: 'active',
				current_period_start: start,
				current_period_end: end,
				...change,
			})
			.select('id')
			.single();
		if (error) throw new Error(error.message);
		return data.id;
	}

	const { limits } = await import('../../../src/server/rate-limit/limits.ts');
	const resetLimits = async () => {
		await Promise.all([demo.id, other.id].map((id) => limits.serviceChangesPerAccount.clear(id)));
	};

	return { p, tokens, call, service, resetLimits };
}
