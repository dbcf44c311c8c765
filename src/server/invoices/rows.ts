import type { InvoiceStatus } from '../../lib/domain/invoice-status';
import type { DiscountCode, InvoiceRow, ServiceRef } from '../../lib/panel/types';

// Database rows as the panel's JSON: one mapping per shape, so the list, the dashboard and the
// invoice page name things the same way.

export interface InvoiceListRow {
	id: string | null;
	number: string | null;
	kind: string | null;
	status: string | null;
	currency: string | null;
	total: number | string | null;
	issued_at: string | null;
	due_at: string | null;
	paid_at: string | null;
	service_id: string | null;
	service_type: string | null;
	service_game: string | null;
	service_plan: string | null;
	service_label: string | null;
}

export function serviceRef(row: {
	id: string;
	product_type: string | null;
	game: string | null;
	plan_id: string | null;
	label: string | null;
}): ServiceRef {
	return {
		id: row.id,
		type: row.product_type === 'vps' ? 'vps' : 'game',
		game: row.game,
		plan: row.plan_id ?? '',
		label: row.label ?? '',
	};
}

export function invoiceRow(row: InvoiceListRow): InvoiceRow {
	return {
		id: row.id ?? '',
		number: row.number ?? '',
		kind: (row.kind ?? 'new') as InvoiceRow['kind'],
		status: (row.status ?? 'unpaid') as InvoiceStatus,
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
