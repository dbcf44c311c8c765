import type { BillingAnswer } from './billing.ts';
import { isOrder, type CheckoutAnswer } from './checkouts.ts';
import type { StoredState } from './facts.ts';
import type { NumberSeries } from './invoice-numbers.ts';
import { fulfilmentOf, renewalsOf } from './per-service.ts';
import { confirmations, readyMails, renewalMails, type Mail } from './mailbox.ts';
import type { PaymentRun, PaymentWay } from './pay-orders.ts';
import type { Answer } from './payments.ts';
import type { ThroughputRow } from './throughput.ts';

// The scenario's facts, per idempotency key, per payment and per service: what it returns.

export interface KeyFacts {
	key: string;
	orders: number;
	answers: { server: string; status: number; orderId: string | null }[];
}

export interface PaymentFacts extends ReturnType<typeof fulfilmentOf> {
	key: string;
	serviceId: string;
	serviceStatus: string;
	how: PaymentWay;
	deliveries: Answer[];
	confirmationMails: number;
	readyMails: number;
}

export interface RenewalFacts {
	serviceId: string;
	invoices: number;
	numbers: string[];
	mails: number;
}

export interface ScenarioResult {
	origins: string[];
	checkouts: CheckoutAnswer[];
	keys: KeyFacts[];
	payments: PaymentFacts[];
	/** payment_events rows per event sent to both servers (the table's key is the event id). */
	sameEventRows: { eventId: string; rows: number }[];
	billing: BillingAnswer[];
	renewals: RenewalFacts[];
	series: NumberSeries[];
	throughput: ThroughputRow[];
	/** Both servers' log lines, parsed, and the signed-in customer's secrets to look for in them. */
	log: Record<string, unknown>[];
	secrets: string[];
}

export interface Observed {
	origins: string[];
	keys: string[];
	checkouts: CheckoutAnswer[];
	payments: PaymentRun[];
	statuses: Map<string, string>;
	billing: BillingAnswer[];
	/** Services that were active, moved into the notice period and billed. */
	billed: string[];
	state: StoredState;
	mails: Mail[];
	throughput: ThroughputRow[];
	log: Record<string, unknown>[];
	secrets: string[];
}

export function assemble(o: Observed): ScenarioResult {
	const serviceOf = new Map(o.state.orders.map((r) => [r.idempotency_key, r.service_id as string]));
	return {
		origins: o.origins,
		checkouts: o.checkouts,
		keys: o.keys.map((key) => ({
			key,
			orders: o.state.orders.filter((r) => r.idempotency_key === key).length,
			answers: o.checkouts
				.filter((c) => c.key === key)
				.map((c) => ({
					server: c.server,
					status: c.status,
					orderId: isOrder(c.body) ? c.body.orderId : null,
				})),
		})),
		payments: o.payments.map((run) => {
			const serviceId = serviceOf.get(run.key) ?? '';
			const fulfilment = fulfilmentOf(o.state, serviceId);
			return {
				key: run.key,
				serviceId,
				serviceStatus: o.statuses.get(serviceId) ?? 'missing',
				how: run.how,
				deliveries: run.answers,
				...fulfilment,
				confirmationMails: confirmations(o.mails, fulfilment.number ?? ''),
				readyMails: readyMails(o.mails, serviceId),
			};
		}),
		sameEventRows: o.payments.flatMap(({ eventId }) =>
			eventId
				? [
						{
							eventId,
							rows: o.state.paymentEvents.filter((e) => e.id === `test:${eventId}`).length,
						},
					]
				: [],
		),
		billing: o.billing,
		renewals: o.billed.map((serviceId) => {
			const numbers = renewalsOf(o.state, serviceId).map((r) => r.number);
			const mails = numbers.reduce((sum, n) => sum + renewalMails(o.mails, n), 0);
			return { serviceId, invoices: numbers.length, numbers, mails };
		}),
		series: o.state.series,
		throughput: o.throughput,
		log: o.log,
		secrets: o.secrets,
	};
}
