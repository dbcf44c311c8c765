import { nameOf, playerAddress } from '../subdomains/subdomain';
import type { OrderStatus } from '../../lib/order-status';
import { orderCancelReasonSchema } from '../../lib/domain/order-cancel-reason';
import { locationIdSchema } from '../../lib/domain/location';
import { isUuid } from '../../lib/uuid';
import type { AdminClient } from '../supabase/admin-client';
import { orderVps } from './vps-order';

/**
 * One order as its owner follows it after paying: the order, its first invoice and its service
 * (a VPS with its machine, vps-order.ts). Null for an order that does not exist or belongs to
 * someone else (both answer 404), checked before anything of the machine is read.
 */
export async function orderStatus(
	admin: AdminClient,
	orderId: string,
	userId: string,
): Promise<OrderStatus | null> {
	if (!isUuid(orderId)) return null;
	const { data: order } = await admin
		.from('orders')
		.select(
			'status, cancel_reason, user_id, service_id, invoices(id, status, total, currency, kind, last_payment_error), services(id, status, panel_address, subdomain, subdomain_dns, provisioning_error, game, product_type, location)',
		)
		.eq('id', orderId)
		.maybeSingle();
	if (!order || order.user_id !== userId) return null;
	// The generated types carry the embedded invoices' columns (a to-many embed: always a list).
	const invoice = order.invoices.find((candidate) => candidate.kind === 'new');
	const service = order.services;
	if (!invoice || !service) return null;
	const provisioningFailed = service.provisioning_error !== null;
	const vps =
		service.product_type === 'vps'
			? await orderVps(admin, {
					id: service.id,
					status: service.status,
					provisioningFailed,
					name: nameOf(service),
				})
			: undefined;
	return {
		status: order.status,
		location: locationIdSchema.parse(service.location),
		cancelReason: orderCancelReasonSchema.nullable().parse(order.cancel_reason),
		invoice: {
			id: invoice.id,
			status: invoice.status,
			total: Number(invoice.total),
			currency: invoice.currency,
			lastPaymentError: invoice.last_payment_error,
		},
		service: {
			id: service.id,
			status: service.status,
			address: playerAddress(service),
			provisioningFailed,
			game: service.game,
			// Published just after the service is marked active (provision.ts): not yet read.
			...(service.status === 'active' && service.subdomain && service.subdomain_dns === 'pending'
				? { namePending: true }
				: {}),
			...(vps ? { vps } : {}),
		},
	};
}
