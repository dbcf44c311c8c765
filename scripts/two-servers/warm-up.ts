import { browserHeaders, type Customer } from './browser.ts';
import type { SiteNode } from './cluster.ts';

// A cold site server spends its first request on each route loading that route's modules, which
// would decide every race in favour of whichever server happened to load first. So each route the
// scenario races on is called once per server beforehand, in a way that changes nothing: refused
// bodies, a bad signature, an invalid payment link, a wrong cron secret.

interface Probe {
	path: string;
	expect: number;
	init(site: SiteNode, customer: Customer): RequestInit;
}

const probes: Probe[] = [
	{
		path: '/api/checkout',
		expect: 422, // invalid_billing: no order placed (it counts toward the warm-up customer's limit)
		init: (site, customer) => ({
			method: 'POST',
			headers: browserHeaders(site.origin, customer),
			body: '{}',
		}),
	},
	{
		path: '/api/payments/test/webhook',
		expect: 400, // bad_signature
		init: () => ({
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'Test-Gateway-Signature': 't=1,v1=00' },
			body: '{}',
		}),
	},
	{
		path: '/api/payments/test/pay',
		expect: 400, // not a valid payment link
		init: (site, customer) => ({
			method: 'POST',
			redirect: 'manual',
			headers: {
				...browserHeaders(site.origin, customer, false),
				'Content-Type': 'application/x-www-form-urlencoded',
			},
			body: new URLSearchParams({ session: 'x', action: 'pay' }),
		}),
	},
	{
		path: '/api/cron/billing',
		expect: 401, // wrong secret
		init: () => ({
			method: 'POST',
			headers: { Authorization: 'Bearer not-the-cron-secret', 'Content-Type': 'application/json' },
			body: '{}',
		}),
	},
];

export async function warmUp(sites: readonly SiteNode[], customer: Customer): Promise<void> {
	for (const site of sites)
		for (const probe of probes) {
			const response = await fetch(`${site.origin}${probe.path}`, probe.init(site, customer));
			await response.body?.cancel();
			if (response.status !== probe.expect)
				throw new Error(
					`Warm-up ${probe.path} on ${site.name} answered ${response.status}, not ${probe.expect}`,
				);
		}
}
