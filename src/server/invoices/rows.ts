import { z } from 'zod';
import { invoiceStatusSchema } from '../../lib/domain/invoice-status';
import { invoiceKindSchema } from '../../lib/panel/invoice-kinds';
import type { DiscountCode, InvoiceRow, ServiceRef } from '../../lib/panel/types';

// Database rows as the panel's JSON: one mapping per shape, so the list, the dashboard and the
// invoice page name things the same way.

/**
 * A row of the `invoice_list` view (20261125100000_customer_panel.sql) without its owner and
 * search text: the invoice list reads it through the generated types, and `panel_dashboard`
 * returns such rows in jsonb, which the dashboard parses with this. A view's columns may all be
 * null as far as the database tells; the total has also been read as a string.
 */
export const invoiceListRowSchema = z.object({
	id: z.string().nullable(),
	number: z.string().nullable(),
	kind: z.string().nullable(),
	status: z.string().nullable(),
	currency: z.string().nullable(),
	total: z.union([z.number(), z.string()]).nullable(),
	issued_at: z.string().nullable(),
	due_at: z.string().nullable(),
	paid_at: z.string().nullable(),
	service_id: z.string().nullable(),
	service_type: z.string().nullable(),
	service_game: z.string().nullable(),
	service_plan: z.string().nullable(),
	service_label: z.string().nullable(),
});
export type InvoiceListRow = z.infer<typeof invoiceListRowSchema>;

/**
 * A service as the panel names it. A VPS's hostname is its machine's (`vps_machines`): a read
 * that embeds `vps_machines(hostname)` passes it here; the others name their VPS after with
 * `vpsNamer` (src/server/vps/hostnames.ts).
 */
export function serviceRef(row: {
	id: string;
	product_type: string | null;
	game: string | null;
	plan_id: string | null;
	label: string | null;
	vps_machines?: { hostname: string } | null;
}): ServiceRef {
	return {
		id: row.id,
		type: row.product_type === 'vps' ? 'vps' : 'game',
		game: row.game,
		plan: row.plan_id ?? '',
		label: row.label ?? '',
		hostname: row.vps_machines?.hostname ?? null,
	};
}

export function invoiceRow(row: InvoiceListRow): InvoiceRow {
	return {
		id: row.id ?? '',
		number: row.number ?? '',
		kind: invoiceKindSchema.parse(row.kind ?? 'new'),
		status: invoiceStatusSchema.parse(row.status ?? 'unpaid'),
		currency: row.currency ?? '',
		total: Number(row.total),
		issuedAt: row.issued_at ?? '',
		dueAt: row.due_at ?? '',
		paidAt: row.paid_at,
		service: row.service_id
			? serviceRef({
					id: row.service_id,
					product_type: row.service_type,
					game: row.service_game,
					plan_id: row.service_plan,
					label: row.service_label,
				})
			: null,
	};
}

/** The order's code behind an invoice's discount, from `orders(discount_code, discount_percent)`. */
export function discountCodeOf(
	order: { discount_code: string | null; discount_percent: number | string } | null,
): DiscountCode | null {
	return order?.discount_code
		? { code: order.discount_code, percent: Number(order.discount_percent) }
		: null;
}
