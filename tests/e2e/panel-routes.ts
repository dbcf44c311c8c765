import type { Page } from '@playwright/test';
import { signIn } from './backend';
import { admin, billingCustomer, type BillingCustomer } from './fixtures';

// Every page of the customer panel, for a customer of its own who has something on each: two
// servers, a paid and an open renewal, a pause invoice, an upgrade waiting for payment and a
// ticket with a reply. Made with the service role, so the demo customer's state stays as it is.

export interface PanelCustomer extends BillingCustomer {
	pauseInvoice: string;
	upgrade: string;
	ticket: string;
}

async function insertOne(table: string, row: Record<string, unknown>): Promise<string> {
	const { data, error } = await admin().from(table).insert(row).select('id').single();
	if (error || !data) throw new Error(error?.message ?? `no ${table} row`);
	return data.id as string;
}

/** The customer, signed in on `page` (its upgrade is ordered as the panel orders one). */
export async function panelCustomer(page: Page): Promise<PanelCustomer> {
	const customer = await billingCustomer(1, 1);
	const server = customer.services[0]!;
	// The upgrade first: an open pause invoice on the server would refuse it.
	await signIn(page, customer);
	await page.waitForURL(/\/panel$/);
	const ordered = await page.request.post(`/api/services/${server}/upgrade`, {
		data: { ram: 10, storageGb: 25, extras: [], method: 'card', locale: 'en' },
	});
	if (ordered.status() !== 201) throw new Error(`upgrade: ${ordered.status()}`);
	const { upgradeId } = (await ordered.json()) as { upgradeId: string };
	const at = new Date().toISOString();
	const pauseInvoice = await insertOne('invoices', {
		number: `${customer.paid[0]!.number}-P`,
		user_id: customer.userId,
		service_id: server,
		kind: 'pause',
		status: 'unpaid',
		currency: 'EUR',
		subtotal: 200,
		tax_rate: 25,
		tax: 50,
		total: 250,
		issued_at: at,
		due_at: at,
	});
	await insertOne('invoice_items', {
		invoice_id: pauseInvoice,
		user_id: customer.userId,
		kind: 'pause',
		description: 'Pause of World 1 for 1 month',
		unit_amount: 200,
		amount: 200,
	});
	const ticket = await insertOne('tickets', {
		user_id: customer.userId,
		service_id: server,
		subject: 'The world does not start after the modpack update',
		department: 'technical',
		status: 'answered',
	});
	for (const [author, body] of [
		['customer', 'After installing the modpack the server stops at start-up.'],
		['staff', 'We have raised the memory limit; please try again.'],
	])
		await insertOne('ticket_messages', {
			ticket_id: ticket,
			user_id: customer.userId,
			author,
			body,
		});

	return { ...customer, pauseInvoice, upgrade: upgradeId, ticket };
}

/** Every panel route, locale-free, with this customer's ids in the ones that need one. */
export function panelPaths(customer: PanelCustomer): string[] {
	const server = customer.services[0]!;
	return [
		'/panel',
		'/panel/account/profile',
		'/panel/account/security',
		'/panel/billing',
		'/panel/billing/payment-methods',
		`/panel/billing/invoices/${customer.unpaid[0]!.id}`,
		`/panel/billing/invoices/${customer.pauseInvoice}`,
		`/panel/billing/upgrade/payment/${customer.upgrade}`,
		'/panel/game-servers',
		`/panel/game-servers/servers/${server}`,
		`/panel/game-servers/servers/${server}/cancel`,
		`/panel/game-servers/servers/${server}/console`,
		`/panel/game-servers/upgrade/${customer.services[1]!}`,
		// The VPS list, empty for this customer (a VPS's own pages: tests/e2e/vps-billing.test.ts).
		'/panel/vps',
		'/panel/support',
		`/panel/support/tickets/${customer.ticket}`,
		'/panel/affiliate',
	];
}
