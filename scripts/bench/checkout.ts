import { startBackend } from '../local-backend.ts';
import { serveSite, stopSite } from '../serve.ts';
import { checkoutBody } from '../two-servers/checkouts.ts';
import { z } from 'zod';
import { pglite, type BenchEngine } from './engines.ts';
import { adminOf, figures, payAndWait, signedInBuyers, type Row } from './buyers.ts';

// Checkout on the local stack through the site's HTTP API: POST /api/checkout alone and with 20
// buyers at once, 20 concurrent orders sharing a code limited to 5 uses, and the time from Pay on
// the test gateway to a running server on the simulated panel (its delays at 0). Loopback only,
// a bounded number of requests. The stack's data on the given engine.

const BUYERS = 20;
const PORT = 4394;

const activeSchema = z.object({ service: z.object({ status: z.literal('active') }) });

const order = (key: string, discountCode?: string) => ({
	...checkoutBody(key),
	...(discountCode ? { discountCode } : {}),
});

export async function benchCheckout(
	engine: BenchEngine = pglite,
): Promise<{ rows: Row[]; codeUses: string }> {
	const origin = `http://127.0.0.1:${PORT}`;
	const backend = await startBackend({
		databaseUrl: await engine.database('checkout'),
		apiPort: 0,
		mailPort: 0,
		quiet: true,
		siteUrl: origin,
		rateLimits: { signInsSignUpsPerIp: 1000 },
	});
	const { child } = await serveSite(PORT, {
		...backend.env,
		GAME_PANEL_SIM_DELAY_MS: '0',
		PROVISIONING_POLL_MS: '5',
	});
	try {
		const admin = adminOf(backend);
		const tokens = await signedInBuyers(backend, BUYERS);
		const post = async (token: string, body: unknown) => {
			const t0 = performance.now();
			const response = await fetch(`${origin}/api/checkout`, {
				method: 'POST',
				headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
				body: JSON.stringify(body),
			});
			const answer = (await response.json()) as { orderId: string; paymentUrl: string | null };
			return { ms: performance.now() - t0, status: response.status, answer };
		};
		const rows: Row[] = [];
		// The first request loads the server's modules; a round at once opens the stack's pooled
		// PostgreSQL connections, which a running server has long had open (no effect on PGlite's one).
		await post(tokens[0]!, order('warm-up-key'));
		await Promise.all(tokens.map((token, i) => post(token, order(`warm-up-${i}-key`))));
		const alone: number[] = [];
		for (let i = 0; i < BUYERS; i++)
			alone.push((await post(tokens[i]!, order(`alone-${i}-key`))).ms);
		rows.push(figures('POST /api/checkout', 1, alone));
		const together = await Promise.all(
			tokens.map((token, i) => post(token, order(`together-${i}-key`))),
		);
		rows.push(
			figures(
				'POST /api/checkout',
				BUYERS,
				together.map((r) => r.ms),
			),
		);

		await admin.from('discount_codes').insert({ code: 'BENCH5', percent: 10, max_uses: 5 });
		const coded = await Promise.all(
			tokens.map((token, i) => post(token, order(`coded-${i}-key`, 'BENCH5'))),
		);
		const answered = (status: number) => coded.filter((r) => r.status === status).length;
		const others = [...new Set(coded.map((r) => r.status))]
			.filter((status) => status !== 201 && status !== 409)
			.map((status) => `; ${answered(status)} answered ${status}`)
			.join('');
		const codeUses = `${answered(201)} of ${BUYERS} orders got the code (limit 5); ${answered(409)} were refused with discount_unavailable${others}`;

		const running = await Promise.all(
			together.map(({ answer }, i) =>
				payAndWait(origin, tokens[i]!, answer, (body) => activeSchema.safeParse(body).success),
			),
		);
		rows.push(figures('Pay on the test gateway → server running', BUYERS, running));
		return { rows, codeUses };
	} finally {
		await stopSite(child);
		await backend.stack?.stop();
	}
}
