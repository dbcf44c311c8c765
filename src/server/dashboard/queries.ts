import type { Dashboard, InvoiceRow, ServerRow } from '../../lib/panel/types';
import { refOf } from '../billing/panel-steps';
import { getGamePanel } from '../game-panel';
import { invoiceRow, serviceRef, type InvoiceListRow } from '../invoices/rows';
import type { CustomerClient } from '../supabase/customer-client';

interface ServiceJson {
	id: string;
	product_type: string;
	game: string | null;
	plan_id: string;
	label: string;
	ram_gb: number;
	status: string;
	cancel_at_period_end: boolean;
	current_period_end: string | null;
	panel_server_id: string | null;
	panel_identifier: string | null;
}

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
	services: ServiceJson[];
}

/** How long the dashboard waits for the game panel before showing servers without live state. */
const liveStateBudgetMs = 1500;

async function liveState(service: ServiceJson): Promise<string | null> {
	const ref = service.status === 'active' ? refOf(service) : null;
	if (!ref) return null;
	let timer: ReturnType<typeof setTimeout> | undefined;
	const late = new Promise<null>((resolve) => {
		timer = setTimeout(() => resolve(null), liveStateBudgetMs);
	});
	try {
		const asked = getGamePanel()
			.state(ref)
			.then((status) => status.state)
			.catch(() => null);
		return await Promise.race([asked, late]);
	} finally {
		clearTimeout(timer);
	}
}

/**
 * The dashboard: one database call (`panel_dashboard`, as the customer) and the game panel's
 * live state of each active server, asked in parallel and given up on after a moment.
 */
export async function dashboard(client: CustomerClient): Promise<Dashboard> {
	const { data, error } = await client.rpc('panel_dashboard');
	if (error) throw new Error(`panel_dashboard: ${error.message}`);
	const json = data as unknown as DashboardJson;
	const states = await Promise.all(json.services.map(liveState));
	const servers: ServerRow[] = json.services.map((service, index) => ({
		...serviceRef(service),
		ramGb: service.ram_gb,
		status: service.status,
		cancelAtPeriodEnd: service.cancel_at_period_end,
		nextDueAt: service.current_period_end,
		liveState: states[index] ?? null,
	}));
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
