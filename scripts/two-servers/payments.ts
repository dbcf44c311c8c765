import type { SupabaseClient } from '@supabase/supabase-js';
import { createJiti } from 'jiti';
import type * as GatewayModule from '../../src/server/payments/test-gateway.ts';
import { browserHeaders, type Customer } from './browser.ts';
import type { SiteNode } from './cluster.ts';

// Paying through the test gateway, two ways a second server sees the same payment:
// - the same signed event (one body, one signature) POSTed to both servers' webhook route at once,
//   as a gateway retrying a delivery whose answer it lost would, landing on the other instance;
// - Pay pressed on both servers' TEST MODE pages at once (each server signs and delivers its own
//   event for the same payment id, as two gateway events for one payment intent).
// The gateway's own code signs (src/server/payments/test-gateway.ts), loaded as Vite would load it.

const jiti = createJiti(import.meta.url);
const gateway = () =>
	jiti.import<typeof GatewayModule>('../../src/server/payments/test-gateway.ts');

export interface Answer {
	server: SiteNode['name'];
	status: number;
	/** Where a Pay answer sends the browser (an error page when the webhook was not delivered). */
	location: string;
}

export interface Delivery {
	eventId: string;
	answers: Answer[];
}

/** The session token in a checkout's payment URL (the TEST MODE page's `?session=`). */
export const sessionToken = (paymentUrl: string) =>
	new URL(paymentUrl).searchParams.get('session') ?? '';

export async function sameEventToBoth(
	sites: readonly SiteNode[],
	paymentUrl: string,
	secret: string,
): Promise<Delivery> {
	const { readTestSession, testWebhookFor, signTestWebhook } = await gateway();
	const session = readTestSession(sessionToken(paymentUrl), secret);
	if (!session) throw new Error(`Not a test gateway session: ${paymentUrl}`);
	const event = testWebhookFor(session, 'pay');
	const signed = signTestWebhook(event, { secret });
	const answers = await Promise.all(
		sites.map(async (site) => {
			// As a gateway posts it: no Origin, no cookies, the raw body it signed.
			const response = await fetch(`${site.origin}/api/payments/test/webhook`, {
				method: 'POST',
				headers: signed.headers,
				body: signed.rawBody,
			});
			await response.body?.cancel();
			return { server: site.name, status: response.status, location: '' };
		}),
	);
	return { eventId: event.id, answers };
}

/** Pay on each server's TEST MODE page at once, each with the payment URL that server gave. */
export async function payOnBoth(
	pages: { site: SiteNode; paymentUrl: string }[],
	customer: Customer,
): Promise<Answer[]> {
	return Promise.all(
		pages.map(async ({ site, paymentUrl }) => {
			const headers = browserHeaders(site.origin, customer, false);
			const response = await fetch(`${site.origin}/api/payments/test/pay`, {
				method: 'POST',
				redirect: 'manual',
				headers: {
					...headers,
					Accept: 'text/html',
					Referer: paymentUrl,
					'Content-Type': 'application/x-www-form-urlencoded',
				},
				body: new URLSearchParams({
					session: sessionToken(paymentUrl),
					action: 'pay',
					locale: 'en',
				}),
			});
			await response.body?.cancel();
			const location = response.headers.get('location') ?? '';
			return { server: site.name, status: response.status, location };
		}),
	);
}

/** Waits until no service of `ids` is still pending payment or being set up. */
export async function settledServices(
	admin: SupabaseClient,
	ids: string[],
	timeoutMs = 90_000,
): Promise<Map<string, string>> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const { data, error } = await admin.from('services').select('id, status').in('id', ids);
		if (error) throw new Error(`services: ${error.message}`);
		const rows = (data ?? []) as { id: string; status: string }[];
		const waiting = rows.filter((r) => ['pending_payment', 'provisioning'].includes(r.status));
		if (waiting.length === 0 || Date.now() > deadline)
			return new Map(rows.map((r) => [r.id, r.status]));
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}
