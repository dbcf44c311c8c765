import { readFileSync } from 'node:fs';
import { createClient } from '@supabase/supabase-js';
import { e2eBackendFile } from './backend-file';
import { uniqueEmail } from './backend';

// Customers with a billing history, made with the service role as an operator's script would,
// so each test owns what it pays and pages through.

export function admin() {
	const { url, serviceRoleKey } = JSON.parse(readFileSync(e2eBackendFile, 'utf8')) as {
		url: string;
		serviceRoleKey: string;
	};
	return createClient(url, serviceRoleKey, { auth: { persistSession: false } });
}

const day = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();

async function must<T>(
	promise: PromiseLike<{ data: T | null; error: { message: string } | null }>,
): Promise<T> {
	const { data, error } = await promise;
	if (error || data === null) throw new Error(error?.message ?? 'no data');
	return data;
}

/** A confirmed account of the test's own, for flows whose limits count per account. */
export async function newAccount(prefix = 'account'): Promise<{ email: string; password: string }> {
	const email = uniqueEmail(prefix);
	const password = 'own-account-2026';
	const { error } = await admin().auth.admin.createUser({ email, password, email_confirm: true });
	if (error) throw new Error(error.message);
	return { email, password };
}

export interface BillingCustomer {
	userId: string;
	email: string;
	password: string;
	/** Open renewal invoices, oldest due first: id and number. */
	unpaid: { id: string; number: string }[];
	paid: { id: string; number: string }[];
	/** Its servers: the one the paid invoices are for, then one per open renewal. */
	services: string[];
}

async function done(promise: PromiseLike<{ error: { message: string } | null }>) {
	const { error } = await promise;
	if (error) throw new Error(error.message);
}

/**
 * A customer in Norway (25 % VAT) with `paid` paid invoices (EUR 10.00 each) on one Palworld server
 * and `unpaid` open renewals, each on a server of its own, due in 10 days.
 */
export async function billingCustomer(paid: number, unpaid: number): Promise<BillingCustomer> {
	const db = admin();
	const email = uniqueEmail('billing');
	const password = 'panel-billing-2026';
	const created = await db.auth.admin.createUser({ email, password, email_confirm: true });
	if (!created.data.user) throw new Error(created.error?.message ?? 'no user');
	const userId = created.data.user.id;
	await done(
		db
			.from('profiles')
			.update({ first_name: 'Sigrid', last_name: 'Berg', country: 'NO' })
			.eq('id', userId),
	);
	const service = (label: string) => ({
		user_id: userId,
		product_type: 'game',
		location: 'oslo',
		game: 'palworld',
		plan_id: 'palworld-standard',
		tier: 'standard',
		label,
		ram_gb: 8,
		storage_gb: 25,
		billing_cycle: 'monthly',
		currency: 'EUR',
		recurring_amount: 800,
		status: 'active',
		current_period_start: iso(-20),
		current_period_end: iso(10),
	});
	const services = await must(
		db
			.from('services')
			.insert(Array.from({ length: unpaid + 1 }, (_, i) => service(`World ${i + 1}`)))
			.select('id, current_period_end'),
	);
	// Numbers of their own: the yearly counter is the database's, not the service role's.
	const series = `E2E-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;
	const invoice = (serviceId: string, i: number, open: boolean, periodEnd: string) => ({
		user_id: userId,
		service_id: serviceId,
		kind: 'renewal',
		status: open ? 'unpaid' : 'paid',
		currency: 'EUR',
		subtotal: 800,
		tax_rate: 25,
		tax: 200,
		total: 1000,
		period_start: open ? periodEnd : iso(-30 * (i + 1)),
		period_end: open ? iso(40) : iso(-30 * i),
		issued_at: open ? iso(-1) : iso(-30 * (i + 1) - 7),
		due_at: open ? periodEnd : iso(-30 * (i + 1)),
		paid_at: open ? null : iso(-30 * (i + 1)),
	});
	// Oldest first, one at a time, so invoice numbers follow the dates as in real life.
	const rows = [
		...Array.from({ length: paid }, (_, i) => invoice(services[0]!.id, i, false, '')).reverse(),
		...services.slice(1).map((s, i) => invoice(s.id, i, true, s.current_period_end)),
	];
	const made: { id: string; number: string; status: string }[] = [];
	for (const [n, row] of rows.entries()) {
		const number = `${series}-${String(n + 1).padStart(3, '0')}`;
		made.push(
			await must(
				db
					.from('invoices')
					.insert({ ...row, number })
					.select('id, number, status')
					.single(),
			),
		);
	}
	await done(
		db.from('invoice_items').insert(
			made.map((m) => ({
				invoice_id: m.id,
				user_id: userId,
				kind: 'service',
				description: 'Palworld server, 8 GB RAM, 25 GB storage (monthly)',
				unit_amount: 800,
				amount: 800,
			})),
		),
	);
	const pick = (status: string) =>
		made.filter((m) => m.status === status).map(({ id, number }) => ({ id, number }));
	return {
		userId,
		email,
		password,
		unpaid: pick('unpaid'),
		paid: pick('paid'),
		services: services.map((s) => s.id),
	};
}
