import { createClient } from '@supabase/supabase-js';
import type { startBackend } from '../local-backend.ts';

// What the checkout benches share: signed-in buyers on a local backend, the percentile figures,
// and paying a test-gateway session the way the test payment page's Pay button does.

export type Row = Record<string, string | number>;
type Backend = Awaited<ReturnType<typeof startBackend>>;

const options = { auth: { persistSession: false, autoRefreshToken: false } };

export const percentile = (sorted: number[], p: number) =>
	sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

export function figures(name: string, concurrency: number, latencies: number[]): Row {
	const sorted = [...latencies].sort((a, b) => a - b);
	return {
		scenario: name,
		concurrency,
		requests: sorted.length,
		'p50 ms': Number(percentile(sorted, 50).toFixed(1)),
		'p99 ms': Number(percentile(sorted, 99).toFixed(1)),
	};
}

export function adminOf(backend: Backend) {
	return createClient(
		backend.env.PUBLIC_SUPABASE_URL!,
		backend.env.SUPABASE_SERVICE_ROLE_KEY!,
		options,
	);
}

/** A confirmed account, signed in: its e-mail, password and access token. */
export async function newBuyer(
	backend: Backend,
	i = 0,
): Promise<{ email: string; password: string; token: string }> {
	const email = `buyer-${i}-${Date.now()}@bench.example`;
	const password = 'Bench-Quartz-Lantern-58';
	await adminOf(backend).auth.admin.createUser({ email, password, email_confirm: true });
	const client = createClient(
		backend.env.PUBLIC_SUPABASE_URL!,
		backend.env.PUBLIC_SUPABASE_ANON_KEY!,
		options,
	);
	const { data } = await client.auth.signInWithPassword({ email, password });
	return { email, password, token: data.session!.access_token };
}

/** `count` confirmed accounts, signed in: their access tokens. */
export async function signedInBuyers(backend: Backend, count: number): Promise<string[]> {
	const tokens: string[] = [];
	for (let i = 0; i < count; i++) tokens.push((await newBuyer(backend, i)).token);
	return tokens;
}

/** Presses Pay on the test gateway's page for the checkout's payment URL. */
export async function payOnTestGateway(origin: string, paymentUrl: string): Promise<void> {
	const session = new URL(paymentUrl).searchParams.get('session')!;
	await fetch(`${origin}/api/payments/test/pay`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
		body: new URLSearchParams({ session, action: 'pay', locale: 'en' }),
	});
}

/**
 * Milliseconds from Pay to the order's answer (GET /api/orders/{id}) passing `done`, polled every
 * 10 ms: what the order page's customer waits for.
 */
export async function payAndWait(
	origin: string,
	token: string,
	answer: { orderId: string; paymentUrl: string | null },
	done: (order: unknown) => boolean,
): Promise<number> {
	const t0 = performance.now();
	await payOnTestGateway(origin, answer.paymentUrl!);
	for (;;) {
		// A bench that waits forever tells nothing: two minutes is far past any bar.
		if (performance.now() - t0 > 120_000)
			throw new Error(`order ${answer.orderId} did not get there within two minutes`);
		const response = await fetch(`${origin}/api/orders/${answer.orderId}`, {
			headers: { Authorization: `Bearer ${token}` },
		});
		if (done(await response.json())) return performance.now() - t0;
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}
