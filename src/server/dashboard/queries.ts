import { z } from 'zod';
import type { Dashboard, InvoiceRow } from '../../lib/panel/types';
import { invoiceRow, invoiceListRowSchema } from '../invoices/rows';
import { serverRow, serviceListColumnsSchema } from '../servers/rows';
import { liveStatus } from '../servers/live';
import type { CustomerClient } from '../supabase/customer-client';
import { vpsNamer } from '../vps/hostnames';

/**
 * What `panel_dashboard` answers (jsonb, 20261125100000_customer_panel.sql), with the summary of
 * `dashboard_summary` in it: counts and amounts (minor units) are whole numbers. The invoices and
 * services carry more columns than a row needs; parsing keeps only those.
 */
const dashboardSchema = z.object({
	first_name: z.string().nullable(),
	summary: z.object({
		active_servers: z.number().int(),
		unpaid_invoices: z.number().int(),
		active_tickets: z.number().int(),
		total_spent: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
	}),
	open_invoices: z.array(invoiceListRowSchema),
	recent_invoices: z.array(invoiceListRowSchema),
	services: z.array(serviceListColumnsSchema),
});

/**
 * The dashboard: one database call (`panel_dashboard`, as the customer) and the game panel's
 * live state of each active server, asked in parallel and given up on after a moment.
 */
export async function dashboard(client: CustomerClient): Promise<Dashboard> {
	const { data, error } = await client.rpc('panel_dashboard');
	if (error) throw new Error(`panel_dashboard: ${error.message}`);
	const json = dashboardSchema.parse(data);
	// panel_dashboard returns no pauses: the running ones come beside it, for serverRow to show a
	// paused server as paused here as in the server list.
	const [states, pauses] = await Promise.all([
		Promise.all(json.services.map(liveStatus)),
		client.from('service_pauses').select('service_id, status, ends_at').eq('status', 'active'),
	]);
	if (pauses.error) throw new Error(`service_pauses: ${pauses.error.message}`);
	const servers = json.services.map((service, i) =>
		serverRow(
			{ ...service, service_pauses: pauses.data.filter((p) => p.service_id === service.id) },
			states[i]?.state ?? null,
		),
	);
	// A VPS goes by its hostname: panel_dashboard's rows do not carry it, one read names them all.
	const invoices = {
		open: json.open_invoices.map(invoiceRow),
		recent: json.recent_invoices.map(invoiceRow),
	};
	const name = await vpsNamer(client, [
		...servers,
		...[...invoices.open, ...invoices.recent].map((row) => row.service),
	]);
	const named = (list: InvoiceRow[]) => list.map((row) => ({ ...row, service: name(row.service) }));
	return {
		firstName: json.first_name,
		summary: {
			activeServers: json.summary.active_servers,
			unpaidInvoices: json.summary.unpaid_invoices,
			activeTickets: json.summary.active_tickets,
			totalSpent: json.summary.total_spent,
		},
		openInvoices: named(invoices.open),
		recentInvoices: named(invoices.recent),
		servers: servers.map(name),
	};
}
