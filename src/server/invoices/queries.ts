import {
	pageCount,
	searchTerm,
	type InvoiceSort,
	type InvoiceView,
} from '../../lib/panel/invoice-view';
import type { InvoicePage } from '../../lib/panel/types';
import type { CustomerClient } from '../supabase/customer-client';
import { vpsNamer } from '../vps/hostnames';
import { invoiceRow } from './rows';

// The panel's invoice reads, as the customer (row-level security applies). The invoice page's
// read is in detail-query.ts.

const sortColumn: Record<InvoiceSort, string> = {
	issued: 'issued_at',
	due: 'due_at',
	number: 'number',
	total: 'total',
	status: 'status',
};

const listColumns =
	'id, number, kind, status, currency, total, issued_at, due_at, paid_at, service_id, service_type, service_game, service_plan, service_label';

/** One page of the customer's invoices as `view` asks, and how many match in all. */
export async function listInvoices(
	client: CustomerClient,
	userId: string,
	view: InvoiceView,
): Promise<InvoicePage & { page: number }> {
	const matching = <C extends string>(columns: C, head = false) => {
		let query = client
			.from('invoice_list')
			.select(columns, { count: 'exact', head })
			.eq('user_id', userId);
		const term = searchTerm(view.q);
		if (term) query = query.ilike('search_text', `%${term}%`);
		return view.status === 'all' ? query : query.eq('status', view.status);
	};
	const query = matching(listColumns)
		.order(sortColumn[view.sort], { ascending: view.dir === 'asc' })
		// Equal keys (two invoices the same day) keep one order from page to page.
		.order('number', { ascending: view.dir === 'asc' });
	const per = view.per === 'all' ? null : view.per;
	const { data, count, error } = await (per
		? query.range((view.page - 1) * per, view.page * per - 1)
		: query);
	// A page past the end (a shared link after invoices were cancelled): PostgREST refuses the
	// range (416), and the customer sees the last page instead of an error.
	if (error?.code === 'PGRST103' && view.page > 1) {
		const { count: all } = await matching('id', true);
		const last = pageCount(all ?? 0, view.per);
		if (last < view.page) return listInvoices(client, userId, { ...view, page: last });
	}
	if (error) throw new Error(`invoice_list: ${error.message}`);
	const rows = data.map(invoiceRow);
	const name = await vpsNamer(
		client,
		rows.map((row) => row.service),
	);
	return {
		rows: rows.map((row) => ({ ...row, service: name(row.service) })),
		total: count ?? 0,
		page: view.page,
	};
}
