import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTwoServers, type ScenarioResult } from '../../../scripts/two-servers/scenario.ts';

// Two built site servers behind one local backend behave as one (scripts/two-servers/): every
// idempotency key sent to both at once makes one order, the same payment reaching both is
// fulfilled once, billing runs started on both at once issue one renewal invoice per service, and
// invoice numbers stay gapless. Needs the built site (dist/); no timing is asserted.

const entry = new URL('../../../dist/server/entry.mjs', import.meta.url);
let result: ScenarioResult;

beforeAll(async () => {
	if (!existsSync(entry))
		throw new Error(
			'dist/server/entry.mjs is missing: run npm run build first (this test runs the built site servers)',
		);
	// A small throughput run too, so the bench's path is exercised; only its answers are checked.
	result = await runTwoServers({ keys: 10, throughput: { requests: 40, concurrency: 8 } });
}, 240_000);

describe('two site servers behind one backend', () => {
	it('answers every checkout with 2xx, on both servers', () => {
		expect(result.checkouts).toHaveLength(20);
		const refused = result.checkouts
			.filter((c) => c.status < 200 || c.status > 299)
			.map((c) => `${c.server} ${c.key}: ${c.status} ${JSON.stringify(c.body)}`);
		expect(refused).toEqual([]);
		expect(new Set(result.checkouts.map((c) => c.server))).toEqual(new Set(['A', 'B']));
	});

	it('makes exactly one order per idempotency key, the one both servers answer with', () => {
		expect(result.keys).toHaveLength(10);
		for (const key of result.keys) {
			expect(key.orders, `orders for ${key.key}`).toBe(1);
			expect(key.answers.map((a) => a.server).toSorted(), key.key).toEqual(['A', 'B']);
			expect(new Set(key.answers.map((a) => a.orderId)).size, `order ids for ${key.key}`).toBe(1);
			expect(key.answers.map((a) => a.status).toSorted(), key.key).toEqual([200, 201]);
		}
	});

	it('fulfils each payment once, however many servers it reached', () => {
		expect(result.payments).toHaveLength(10);
		for (const p of result.payments) {
			const refused = p.deliveries.filter((d) =>
				d.location ? d.status !== 303 || d.location.includes('error=') : d.status !== 200,
			);
			expect(refused, `${p.how}, ${p.key}`).toEqual([]);
			expect(
				{
					invoice: p.invoiceStatus,
					payments: p.payments,
					paid: p.paidActivity,
					provisioned: p.provisionedActivity,
					panelServers: p.panelServers.length,
					confirmations: p.confirmationMails,
					readyMails: p.readyMails,
					service: p.serviceStatus,
				},
				`${p.how}, ${p.key}`,
			).toEqual({
				invoice: 'paid',
				payments: 1,
				paid: 1,
				provisioned: 1,
				panelServers: 1,
				confirmations: 1,
				readyMails: 1,
				service: 'active',
			});
		}
		expect(result.sameEventRows.map((e) => e.rows)).toEqual([1, 1, 1, 1, 1]);
	});

	it('issues one renewal invoice per service when both servers run billing at once', () => {
		expect(result.renewals).toHaveLength(10);
		for (const r of result.renewals) {
			expect(r.invoices, `renewal invoices of ${r.serviceId}: ${r.numbers.join(', ')}`).toBe(1);
			expect(r.mails, `renewal mails of ${r.serviceId}`).toBe(1);
		}
		// One run took the lease; the other was told so (200, so cron on every server succeeds), or
		// ran after it and found nothing to do.
		for (const run of result.billing) expect(run.status, JSON.stringify(run)).toBe(200);
	});

	it('keeps invoice numbers gapless: 1…n per year, each once', () => {
		expect(result.series.length).toBeGreaterThan(0);
		for (const s of result.series) {
			expect({ gaps: s.gaps, duplicates: s.duplicates, malformed: s.malformed }, s.year).toEqual({
				gaps: [],
				duplicates: [],
				malformed: [],
			});
			expect([s.first, s.last], s.year).toEqual([1, s.count]);
		}
	});

	it('answers every throughput request with 2xx, one server and two', () => {
		expect(result.throughput.map((row) => [row.workload, row.servers, row.failures])).toEqual(
			result.throughput.map((row) => [row.workload, row.servers, 0]),
		);
		expect(result.throughput.map((row) => row.servers)).toEqual([1, 2, 1, 2]);
	});

	it('logs one JSON line per request, and one order can be followed to its running server', () => {
		const requests = result.log.filter((line) => line.msg === 'request');
		expect(requests.length).toBeGreaterThan(40);
		for (const line of requests)
			expect(line).toMatchObject({
				requestId: expect.any(String),
				method: expect.any(String),
				status: expect.any(Number),
			});
		const placed = result.log.find((line) => line.msg === 'order placed');
		expect(placed).toMatchObject({ orderId: expect.any(String), invoiceId: expect.any(String) });
		const settled = result.log.find(
			(line) =>
				line.msg === 'invoice settled' &&
				line.invoiceId === placed!.invoiceId &&
				line.outcome === 'paid',
		);
		expect(settled).toMatchObject({ outcome: 'paid', serviceId: expect.any(String) });
		const serviceLines = result.log
			.filter((line) => line.serviceId === settled!.serviceId)
			.map((line) => line.msg);
		expect(serviceLines).toEqual(
			expect.arrayContaining(['provisioning', 'server created on the panel', 'server running']),
		);
		// Every step line carries the id of the request it happened in (the webhook's, for these).
		const stepRequests = new Set(requests.map((line) => line.requestId));
		expect(stepRequests.has(placed!.requestId)).toBe(true);
		expect(stepRequests.has(settled!.requestId)).toBe(true);
	});

	it('never logs the customer’s password or session', () => {
		const text = JSON.stringify(result.log);
		expect(result.secrets.length).toBeGreaterThan(1);
		for (const secret of result.secrets.filter((s) => s.length >= 8))
			expect(text).not.toContain(secret);
		expect(text).not.toMatch(/eyJ[\w-]{8,}\.[\w-]{8,}/);
	});
});
