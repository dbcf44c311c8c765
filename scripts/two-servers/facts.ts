import { existsSync, readFileSync } from 'node:fs';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { SiteNode } from './cluster.ts';
import { invoiceSeries, type NumberSeries } from './invoice-numbers.ts';

// What the database (service role) and the two simulated panels hold after the scenario, counted
// per idempotency key, per payment and per service. Nothing here trusts an HTTP answer.

export interface Row {
	[column: string]: unknown;
}

async function rows(
	query: PromiseLike<{ data: unknown; error: { message: string } | null }>,
	what: string,
): Promise<Row[]> {
	const { data, error } = await query;
	if (error) throw new Error(`${what}: ${error.message}`);
	return (data ?? []) as Row[];
}

export interface StoredState {
	orders: Row[];
	invoices: Row[];
	transactions: Row[];
	activity: Row[];
	paymentEvents: Row[];
	/** Every invoice number in the database, every customer's (the series is global per year). */
	series: NumberSeries[];
	/** Servers on each process's simulated panel, by the service id they were made for. */
	panelServers: { server: SiteNode['name']; serviceId: string; panelServerId: number }[];
}

export async function readStoredState(
	admin: SupabaseClient,
	customerId: string,
	keys: string[],
	eventIds: string[],
	sites: readonly SiteNode[],
): Promise<StoredState> {
	const orders = await rows(
		admin
			.from('orders')
			.select('id, idempotency_key, status, service_id')
			.eq('user_id', customerId)
			.in('idempotency_key', keys),
		'orders',
	);
	const invoices = await rows(
		admin
			.from('invoices')
			.select('id, number, kind, status, order_id, service_id, period_start')
			.eq('user_id', customerId),
		'invoices',
	);
	const invoiceIds = invoices.map((invoice) => invoice.id as string);
	const transactions = await rows(
		admin
			.from('transactions')
			.select('invoice_id, kind, gateway_reference')
			.in('invoice_id', invoiceIds),
		'transactions',
	);
	const serviceIds = orders.map((order) => order.service_id as string);
	const activity = await rows(
		admin.from('service_activity').select('service_id, event').in('service_id', serviceIds),
		'service_activity',
	);
	const paymentEvents = await rows(
		admin
			.from('payment_events')
			.select('id, type')
			.in(
				'id',
				eventIds.map((id) => `test:${id}`),
			),
		'payment_events',
	);
	const numbers = await rows(admin.from('invoices').select('number').range(0, 99_999), 'numbers');
	const panelServers = sites.flatMap((site) => {
		if (!existsSync(site.simFile)) return [];
		const data = JSON.parse(readFileSync(site.simFile, 'utf8')) as {
			servers: { serviceId: string; panelServerId: number }[];
		};
		return data.servers.map(({ serviceId, panelServerId }) => ({
			server: site.name,
			serviceId,
			panelServerId,
		}));
	});
	return {
		orders,
		invoices,
		transactions,
		activity,
		paymentEvents,
		series: invoiceSeries(numbers.map((row) => row.number as string)),
		panelServers,
	};
}
