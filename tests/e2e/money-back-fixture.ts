import { randomUUID } from 'node:crypto';
import { uniqueEmail } from './backend';
import { admin } from './fixtures';

// A new customer whose first order was paid `paidDaysAgo` days ago, made with the service role as
// an operator's script would: one active Palworld server (EUR 10.00 with 25 % VAT), its first
// invoice paid by a test gateway payment. The money-back guarantee counts from that payment.

const day = 86_400_000;

async function must<T>(
	promise: PromiseLike<{ data: T; error: { message: string } | null }>,
): Promise<NonNullable<T>> {
	const { data, error } = await promise;
	if (error || data == null) throw new Error(error?.message ?? 'no data');
	return data;
}

export async function newCustomer(paidDaysAgo: number) {
	const db = admin();
	const email = uniqueEmail('money-back');
	const password = 'panel-money-back-2026';
	const created = await db.auth.admin.createUser({ email, password, email_confirm: true });
	if (!created.data.user) throw new Error(created.error?.message ?? 'no user');
	const userId = created.data.user.id;
	await must(db.from('profiles').update({ country: 'NO' }).eq('id', userId).select('id'));
	const paidAt = new Date(Date.now() - paidDaysAgo * day).toISOString();
	const end = new Date(Date.now() + (30 - paidDaysAgo) * day).toISOString();
	const service = await must(
		db
			.from('services')
			.insert({
				...{
					user_id: userId,
					location: 'oslo',
					product_type: 'game',
					game: 'palworld',
					label: 'World 1',
				},
				...{ plan_id: 'palworld-standard', tier: 'standard', ram_gb: 8, storage_gb: 25 },
				...{ billing_cycle: 'monthly', currency: 'EUR', recurring_amount: 800 },
				...{ status: 'active', current_period_start: paidAt, current_period_end: end },
			})
			.select('id')
			.single(),
	);
	const invoice = await must(
		db
			.from('invoices')
			.insert({
				...{ user_id: userId, service_id: service.id, kind: 'new', status: 'paid' },
				...{ currency: 'EUR', subtotal: 800, tax_rate: 25, tax: 200, total: 1000 },
				...{ period_start: paidAt, period_end: end, issued_at: paidAt, due_at: paidAt },
				...{ paid_at: paidAt, number: `E2E-MB-${randomUUID().slice(0, 8).toUpperCase()}` },
			})
			.select('id')
			.single(),
	);
	await must(
		db
			.from('transactions')
			.insert({
				...{ invoice_id: invoice.id, user_id: userId, kind: 'payment', gateway: 'test' },
				...{ gateway_reference: `tgpay_${randomUUID()}`, amount: 1000, currency: 'EUR' },
				status: 'succeeded',
			})
			.select('id'),
	);
	return { email, password, serviceId: service.id, userId };
}
