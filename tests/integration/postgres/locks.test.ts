import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductStack, type Personas } from '../data-model/personas.ts';
import { placedOrder } from '../checkout/paid-service.ts';
import { paidVps } from '../checkout/vps-order.ts';
import { databaseUrlOf } from './engine-stack.ts';
import { holdLock } from './overlap.ts';

// The product's locks on PostgreSQL, each shown working while requests really overlap: the test
// holds a lock in a session of its own, sends the product's requests, sees on the server that they
// wait for it (or, for `skip locked`, that they do not), and only then lets go. Runs in the
// integration-postgres project only: PGlite has one connection, nothing there can overlap.

let p: Personas;
let url: string;
let ownerId: string;

beforeAll(async () => {
	p = await startProductStack();
	url = databaseUrlOf(p.stack);
	ownerId = (await p.owner.auth.getUser()).data.user!.id;
});
afterAll(async () => {
	await p?.stack.stop();
});

const invoiceNumber = async (invoiceId: string) =>
	(await p.service.from('invoices').select('number').eq('id', invoiceId).single()).data?.number;

describe('locks on PostgreSQL, with transactions overlapping', () => {
	it('numbers invoices gaplessly: an order waits for the year counter, and a rolled-back number is reused', async () => {
		const year = new Date().getUTCFullYear();
		const held = await holdLock(
			url,
			`insert into private.number_counters as c (series, year, last_number) values ('invoice', $1, 1)
			 on conflict (series, year) do update set last_number = c.last_number + 1
			 returning format('INV-%s-%s', c.year, lpad(c.last_number::text, 6, '0')) as number`,
			[year],
		);
		const orders = [
			placedOrder(p, ownerId, 'lock-number-1'),
			placedOrder(p, ownerId, 'lock-number-2'),
		];
		await held.untilWaiting(2);
		const heldNumber = String(held.rows[0]!.number);
		await held.rollback();
		const numbers = (
			await Promise.all(orders.map(async (o) => invoiceNumber((await o).invoice_id)))
		)
			.map(String)
			.sort();
		// The held number was never committed, so the first waiting order gets it: no gap.
		expect(numbers[0]).toBe(heldNumber);
		expect(Number(numbers[1]!.slice(-6))).toBe(Number(heldNumber.slice(-6)) + 1);
	});

	it('places one order for one idempotency key sent twice while both requests wait', async () => {
		const year = new Date().getUTCFullYear();
		const held = await holdLock(
			url,
			`select 1 from private.number_counters where series = 'invoice' and year = $1 for update`,
			[year],
		);
		const twice = [placedOrder(p, ownerId, 'lock-key'), placedOrder(p, ownerId, 'lock-key')];
		// Both are in flight at once: the first waits for the counter, the second behind it.
		await held.untilWaiting(2);
		await held.commit();
		const [first, second] = await Promise.all(twice);
		expect(second!.invoice_id).toBe(first!.invoice_id);
		const { count } = await p.service
			.from('orders')
			.select('id', { count: 'exact', head: true })
			.eq('idempotency_key', 'lock-key');
		expect(count).toBe(1);
	});

	it('lets a VPS order skip an address another transaction holds, without waiting for it', async () => {
		const held = await holdLock(
			url,
			`select address::text as address from public.vps_addresses
			 where node = 'pve1' and family = 4 and service_id is null
			 order by address limit 1 for update skip locked`,
		);
		const heldAddress = String(held.rows[0]!.address);
		const { serviceId } = await paidVps(p, ownerId, 'lock-skip');
		expect(await held.waiting()).toBe(0);
		const { data } = await p.service
			.from('vps_addresses')
			.select('address')
			.eq('service_id', serviceId)
			.eq('family', 4);
		expect(data).toHaveLength(1);
		expect(String(data![0]!.address)).not.toBe(heldAddress);
		await held.commit();
	});

	it('gives a provisioning lease to one of two site servers asking at once', async () => {
		const { service_id: serviceId, invoice_id: invoiceId } = await placedOrder(
			p,
			ownerId,
			'lock-lease',
		);
		await p.service.rpc('settle_invoice', {
			event_id: 'evt-lock-lease',
			gateway: 'test',
			invoice: invoiceId,
			amount: 1000,
			currency: 'EUR',
			reference: 'pay-lock-lease',
		});
		// supabase-js sends a request only when it is awaited: async functions send at once.
		const lease = async (holder: string, seconds = 20) =>
			await p.service.rpc('provisioning_lease_take', { service: serviceId, holder, seconds });
		// A lease that ran out: its row is there for both servers to take over.
		expect((await lease('crashed-site', 0)).data).toBe(true);
		const held = await holdLock(
			url,
			`select 1 from private.provisioning_leases where service_id = $1 for update`,
			[serviceId],
		);
		const both = [lease('site-a'), lease('site-b')];
		await held.untilWaiting(2);
		await held.commit();
		const taken = (await Promise.all(both)).filter((answer) => answer.data === true);
		expect(taken).toHaveLength(1);
	});

	it('applies one of two payments of one invoice settled at the same moment', async () => {
		const { invoice_id: invoiceId } = await placedOrder(p, ownerId, 'lock-settle');
		const held = await holdLock(url, `select 1 from public.invoices where id = $1 for update`, [
			invoiceId,
		]);
		const settle = async (n: number) =>
			await p.service.rpc('settle_invoice', {
				event_id: `evt-lock-settle-${n}`,
				gateway: 'test',
				invoice: invoiceId,
				amount: 1000,
				currency: 'EUR',
				reference: `pay-lock-settle-${n}`,
			});
		const both = [settle(1), settle(2)];
		await held.untilWaiting(2);
		await held.commit();
		for (const answer of await Promise.all(both)) expect(answer.error).toBeNull();
		const { data: payments } = await p.service
			.from('transactions')
			.select('applied')
			.eq('invoice_id', invoiceId)
			.eq('kind', 'payment');
		expect(payments?.filter((payment) => payment.applied)).toHaveLength(1);
		expect(payments).toHaveLength(2);
	});
});
