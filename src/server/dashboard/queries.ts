import type { Dashboard, InvoiceRow } from '../../lib/panel/types';
import { invoiceRow, type InvoiceListRow } from '../invoices/rows';
import { serverRow, type ServiceListColumns } from '../servers/rows';
import { liveStatus } from '../servers/live';
import type { CustomerClient } from '../supabase/customer-client';

interface DashboardJson {
	first_name: string | null;
	summary: {
		active_servers: number;
		unpaid_invoices: number;
		active_tickets: number;
		total_spent: { currency: string; amount: number }[];
	};
	open_invoices: InvoiceListRow[];
	recent_invoices: InvoiceListRow[];
	services: ServiceListColumns[];
}

/**
 * The dashboard: one database call (`panel_dashboard`, as the customer) and the game panel's
 * live state of each active server, asked in parallel and given up on after a moment.
 */
export async function dashboard(client: CustomerClient): Promise<Dashboard> {
	const { data, error } = await client.rpc('panel_dashboard');
	if (error) throw new Error(`panel_dashboard: ${error.message}`);
	const json = data as unknown as DashboardJson;
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
	const rows = (list: InvoiceListRow[]): InvoiceRow[] => list.map(invoiceRow);
	return {
		firstName: json.first_name,
		summary: {
			activeServers: Number(json.summary.active_servers),
			unpaidInvoices: Number(json.summary.unpaid_invoices),
			activeTickets: Number(json.summary.active_tickets),
			totalSpent: json.summary.total_spent.map((s) => ({ ...s, amount: Number(s.amount) })),
		},
		openInvoices: rows(json.open_invoices),
		recentInvoices: rows(json.recent_invoices),
		servers,
	};
}
