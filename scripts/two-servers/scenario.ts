import { billingOnBoth, bringIntoNoticePeriod } from './billing.ts';
import { serviceRole, signedInCustomer } from './browser.ts';
import { concurrentCheckouts, newKeys } from './checkouts.ts';
import { startCluster } from './cluster.ts';
import { readStoredState } from './facts.ts';
import { fulfilmentOf, renewalsOf } from './per-service.ts';
import { confirmations, readyMails, renewalMails, waitForMail } from './mailbox.ts';
import { payOrders } from './pay-orders.ts';
import { settledServices } from './payments.ts';
import { assemble, type ScenarioResult } from './result.ts';
import { compare } from './throughput.ts';
import { warmUp } from './warm-up.ts';
import { workloads } from './workloads.ts';

export type { ScenarioResult } from './result.ts';

// Two built site servers behind one local backend, driven as a customer's browser, the payment
// gateway and an operator's cron drive them, each race started on both servers in the same tick:
// 1. one signed-in customer sends every idempotency key to both servers at once (2 × keys checkouts);
// 2. each order is paid: the same signed webhook event to both servers, or Pay pressed on both
//    servers' TEST MODE pages; then the simulated panels provision;
// 3. the services' due dates are moved into the renewal notice period and the billing run is
//    started on both servers at once;
// 4. everything is read back with the service role (and the mailbox, and both simulated panels);
// 5. optionally, requests/s and latency against one server, then spread over both.
// Returns the facts (result.ts); invariants.ts says whether the two behaved as one.

export interface ScenarioOptions {
	/** Idempotency keys, each sent once to each server (default 10: 20 checkouts). */
	keys?: number;
	/** Requests and concurrency of the throughput comparison; false skips it. */
	throughput?: { requests: number; concurrency: number } | false;
	log?: (line: string) => void;
}

export async function runTwoServers(options: ScenarioOptions = {}): Promise<ScenarioResult> {
	const log = options.log ?? (() => {});
	const cluster = await startCluster();
	const { sites, secrets, mailboxUrl } = cluster;
	const origins = sites.map((site) => site.origin);
	log(`backend ${cluster.backend.env.PUBLIC_SUPABASE_URL}, site servers ${origins.join(', ')}`);
	try {
		const admin = serviceRole(cluster.backend);
		const customer = await signedInCustomer(admin, sites[0].origin);
		// A customer of its own for the warm-up: its refused checkout counts toward the per-customer
		// limit, which both servers now share.
		await warmUp(sites, await signedInCustomer(admin, sites[1].origin));
		const keys = newKeys(options.keys ?? 10);
		const checkouts = await concurrentCheckouts(sites, customer, keys);
		log(`checkouts: ${checkouts.map((c) => `${c.server} ${c.status}`).join(', ')}`);

		const payments = await payOrders(sites, checkouts, keys, customer, secrets.testGateway);
		const placed = await readStoredState(admin, customer.id, keys, [], sites);
		const serviceIds = [...new Set(placed.orders.map((o) => o.service_id as string))];
		const statuses = await settledServices(admin, serviceIds);
		log(`services: ${[...statuses.values()].join(', ')}`);
		const paid = await readStoredState(admin, customer.id, keys, [], sites);
		await waitForMail(mailboxUrl, customer.email, (mails) =>
			serviceIds.every(
				(id) =>
					confirmations(mails, fulfilmentOf(paid, id).number ?? '') > 0 &&
					readyMails(mails, id) > 0,
			),
		);

		const billed = serviceIds.filter((id) => statuses.get(id) === 'active');
		await bringIntoNoticePeriod(admin, billed);
		const billing = await billingOnBoth(sites, secrets.cron);
		log(`billing runs: ${billing.map((b) => `${b.server} ${b.status}`).join(', ')}`);

		const eventIds = payments.flatMap((p) => (p.eventId ? [p.eventId] : []));
		const state = await readStoredState(admin, customer.id, keys, eventIds, sites);
		const renewalNumbers = billed.flatMap((id) => renewalsOf(state, id).map((r) => r.number));
		// A duplicate mail would come after the first copy: give late ones a moment to arrive.
		await new Promise((resolve) => setTimeout(resolve, 500));
		const mails = await waitForMail(mailboxUrl, customer.email, (all) =>
			renewalNumbers.every((n) => renewalMails(all, n) > 0),
		);

		const { requests = 400, concurrency = 16 } = options.throughput || {};
		const throughput =
			options.throughput === false
				? []
				: await compare(
						workloads(customer, placed.orders[0]?.id as string),
						origins,
						requests,
						concurrency,
					);
		const observed = { origins, keys, checkouts, payments, statuses, billing, billed, state };
		const serverLog = sites
			.flatMap((site) => site.log.join('').split('\n'))
			.filter(Boolean)
			.map((line) => JSON.parse(line) as Record<string, unknown>);
		const customerSecrets = [
			customer.password,
			...customer.cookie.split('; ').map((c) => c.slice(c.indexOf('=') + 1)),
		];
		return assemble({ ...observed, mails, throughput, log: serverLog, secrets: customerSecrets });
	} finally {
		await cluster.stop();
	}
}
