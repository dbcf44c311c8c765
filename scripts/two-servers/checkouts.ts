import { randomUUID } from 'node:crypto';
import type { Customer } from './browser.ts';
import { browserHeaders } from './browser.ts';
import type { SiteNode } from './cluster.ts';

// Checkouts as the checkout page posts them: each idempotency key sent once to each server, all
// requests started in the same tick, alternating A, B, A, B … so both servers race on every key
// (a double click that a load balancer spread over two instances).

export interface CheckoutBody {
	orderId: string;
	invoiceId: string;
	total: number;
	currency: string;
	paymentUrl: string | null;
}

export interface CheckoutAnswer {
	server: SiteNode['name'];
	origin: string;
	key: string;
	status: number;
	body: CheckoutBody | { error?: { code: string; message: string } } | null;
	ms: number;
}

export const checkoutBody = (key: string) => ({
	item: {
		planId: 'palworld-standard',
		ram: 8,
		storageGb: 25,
		extras: [],
		cycle: 'monthly',
		currency: 'EUR',
	},
	billing: {
		name: 'Twin Servers',
		address: 'Storgata 1',
		postcode: '0155',
		city: 'Oslo',
		country: 'NO',
	},
	method: 'card',
	idempotencyKey: key,
	locale: 'en',
});

export function newKeys(count: number): string[] {
	const run = randomUUID().slice(0, 8);
	return Array.from({ length: count }, (_, i) => `two-servers-${run}-${i}`);
}

export async function postCheckout(
	site: SiteNode,
	customer: Customer,
	key: string,
): Promise<CheckoutAnswer> {
	const t0 = performance.now();
	const response = await fetch(`${site.origin}/api/checkout`, {
		method: 'POST',
		headers: browserHeaders(site.origin, customer),
		body: JSON.stringify(checkoutBody(key)),
	});
	const text = await response.text();
	let body: CheckoutAnswer['body'] = null;
	try {
		body = JSON.parse(text) as CheckoutAnswer['body'];
	} catch {
		body = { error: { code: 'not_json', message: text.slice(0, 200) } };
	}
	const { name: server, origin } = site;
	return { server, origin, key, status: response.status, body, ms: performance.now() - t0 };
}

/**
 * Every key to every server in the same tick. Which server is sent a key first alternates (A then
 * B for even keys, B then A for odd ones), so neither is always ahead on the wire.
 */
export function concurrentCheckouts(
	sites: readonly SiteNode[],
	customer: Customer,
	keys: string[],
): Promise<CheckoutAnswer[]> {
	return Promise.all(
		keys.flatMap((key, i) =>
			(i % 2 ? sites.toReversed() : sites).map((site) => postCheckout(site, customer, key)),
		),
	);
}

export const isOrder = (body: CheckoutAnswer['body']): body is CheckoutBody =>
	!!body && 'orderId' in body && typeof body.orderId === 'string';
