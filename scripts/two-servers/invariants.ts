import { gapless } from './invoice-numbers.ts';
import { accepted } from './pay-orders.ts';
import type { ScenarioResult } from './result.ts';

// "Two servers behave as one", as checks over the scenario's facts, each with the evidence that
// decided it: what the bench prints and what the integration test asserts one by one.

export interface Invariant {
	invariant: string;
	holds: boolean;
	evidence: string;
}

const list = (items: string[]) => (items.length ? items.join('; ') : 'none');

export function invariants(result: ScenarioResult): Invariant[] {
	const non2xx = result.checkouts.filter((c) => c.status < 200 || c.status > 299);
	const badKeys = result.keys.filter((k) => k.orders !== 1);
	const split = result.keys.filter((k) => new Set(k.answers.map((a) => a.orderId)).size !== 1);
	const fulfilment = (p: ScenarioResult['payments'][number]) =>
		p.payments === 1 &&
		p.paidActivity === 1 &&
		p.provisionedActivity === 1 &&
		p.panelServers.length === 1 &&
		p.confirmationMails === 1 &&
		p.readyMails === 1;
	const refused = result.payments.flatMap((p) =>
		p.deliveries
			.filter((d) => !accepted(d))
			.map((d) => `${p.key} on ${d.server}: ${d.status} ${d.location}`),
	);
	const overFulfilled = result.payments.filter((p) => !fulfilment(p));
	const notRunning = result.payments.filter((p) => p.serviceStatus !== 'active');
	const renewals = result.renewals.filter((r) => r.invoices !== 1 || r.mails !== 1);
	const created = result.checkouts.filter((c) => c.status === 201).length;
	return [
		{
			invariant: 'every checkout answered 2xx',
			holds: non2xx.length === 0 && result.checkouts.length > 0,
			evidence: `${result.checkouts.length} checkouts, ${created} × 201, ${result.checkouts.length - created - non2xx.length} × 200; not 2xx: ${list(non2xx.map((c) => `${c.server} ${c.key} ${c.status}`))}`,
		},
		{
			invariant: 'one order per idempotency key',
			holds: badKeys.length === 0 && result.keys.length > 0,
			evidence: `${result.keys.length} keys; otherwise: ${list(badKeys.map((k) => `${k.key}: ${k.orders} orders`))}`,
		},
		{
			invariant: 'both servers answered a key with the same order',
			holds: split.length === 0,
			evidence: `differing: ${list(split.map((k) => k.key))}`,
		},
		{
			invariant: 'every webhook delivery and Pay accepted by both servers',
			holds: refused.length === 0,
			evidence: `${result.payments.length * 2} deliveries; refused: ${list(refused)}`,
		},
		{
			invariant: 'one fulfilment per payment',
			holds: overFulfilled.length === 0 && result.payments.length === result.keys.length,
			evidence: `${result.payments.length} payments (transaction, paid, provisioned, panel server, confirmation and ready mail once each); otherwise: ${list(overFulfilled.map((p) => `${p.key}: ${p.payments} payments, ${p.paidActivity} paid, ${p.provisionedActivity} provisioned, panel servers on [${p.panelServers.join(',')}], ${p.confirmationMails} confirmations, ${p.readyMails} ready mails`))}`,
		},
		{
			invariant: 'every paid service running',
			holds: notRunning.length === 0,
			evidence: `not active: ${list(notRunning.map((p) => `${p.key}: ${p.serviceStatus}`))}`,
		},
		{
			invariant: 'one renewal invoice (and its mail) per service',
			holds: renewals.length === 0 && result.renewals.length > 0,
			evidence: `${result.renewals.length} services; otherwise: ${list(renewals.map((r) => `${r.serviceId}: ${r.invoices} invoices [${r.numbers.join(',')}], ${r.mails} mails`))}; runs: ${result.billing.map((b) => `${b.server} ${b.status}`).join(', ')}`,
		},
		{
			invariant: 'invoice numbers gapless',
			holds: gapless(result.series) && result.series.length > 0,
			evidence: result.series
				.map(
					(s) =>
						`${s.year}: ${s.count} numbers ${s.first}…${s.last}, gaps [${s.gaps.join(',')}], duplicates [${s.duplicates.join(',')}]${s.malformed.length ? `, malformed [${s.malformed.join(',')}]` : ''}`,
				)
				.join('; '),
		},
	];
}
