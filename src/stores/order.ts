import { isOpenInvoice } from '../lib/domain/invoice-status';
import { map } from 'nanostores';
import type { OrderStatus } from '../lib/order-status';
import { clearCart } from './cart-page';
import { billingDraft } from './billing-address';
import type { PaymentMethodKind } from '../lib/domain/payment-method';

export type Stage =
	'unpaid' | 'paid' | 'settingUp' | 'installing' | 'running' | 'delayed' | 'refunded' | 'soldOut';

export const $order = map<{
	status: OrderStatus | null;
	error: string | null;
	/** A VPS's generated password: in one answer only (the server deletes it as it shows it). */
	vpsPassword: string | null;
}>({
	status: null,
	error: null,
	vpsPassword: null,
});

/** Where an order is on its way from payment to a running server. */
export function stageOf(order: OrderStatus | null): Stage {
	if (!order || isOpenInvoice(order.invoice.status)) return 'unpaid';
	const { service } = order;
	// Paid when no VPS address was left: cancelled and refunded at once.
	if (order.cancelReason === 'no_vps_address') return 'soldOut';
	// A refund that overtook its payment: the order was cancelled instead of fulfilled.
	if (order.invoice.status === 'refunded' && service.status === 'cancelled') return 'refunded';
	if (service.status === 'active') return 'running';
	if (service.provisioningFailed) return 'delayed';
	if (service.status === 'provisioning' && service.vps)
		// A VPS: creating the machine (cloning, then stopped), then starting it.
		return service.vps.machineState === 'starting' || service.vps.machineState === 'running'
			? 'installing'
			: 'settingUp';
	if (service.status === 'provisioning') return service.panelState ? 'installing' : 'settingUp';
	return 'paid';
}

const done = (stage: Stage) =>
	stage === 'running' || stage === 'delayed' || stage === 'refunded' || stage === 'soldOut';

/**
 * Polls the order until its server runs with its name published (or needs a person). Once paid, the cart, the checkout
 * key and the typed billing address are cleared: the order is made and paid for. Returns the stop function for effects.
 */
export function followOrder(
	orderId: string,
	fetcher: typeof fetch = fetch,
	everyMs = 1000,
): () => void {
	let timer: ReturnType<typeof setTimeout> | undefined;
	let stopped = false;
	const tick = async () => {
		const response = await fetcher(`/api/orders/${orderId}`).catch(() => null);
		if (response?.ok) {
			const status = (await response.json()) as OrderStatus;
			$order.setKey('status', status);
			if (status.service.vps?.password) $order.setKey('vpsPassword', status.service.vps.password);
			if (stageOf(status) !== 'unpaid') forgetCheckout();
			if (done(stageOf(status)) && !status.service.namePending) return;
		}
		if (!stopped) timer = setTimeout(() => void tick(), everyMs);
	};
	void tick();
	return () => {
		stopped = true;
		clearTimeout(timer);
	};
}

function forgetCheckout(): void {
	clearCart();
	// The invoice now holds the address: the browser need not keep it.
	billingDraft('checkout').clear();
	for (const key of Object.keys(sessionStorage))
		if (key.startsWith('frostnode:checkout:')) sessionStorage.removeItem(key);
}

/** A new payment for the same order; sends the browser to the gateway's page. */
export async function retryPayment(
	orderId: string,
	method: PaymentMethodKind,
	locale: string,
	fetcher: typeof fetch = fetch,
): Promise<void> {
	const response = await fetcher(`/api/orders/${orderId}/pay`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ method, locale }),
	}).catch(() => null);
	const answer = (await response?.json().catch(() => null)) as {
		paymentUrl?: string | null;
		error?: { message: string };
	} | null;
	if (response?.ok && answer?.paymentUrl) return window.location.assign(answer.paymentUrl);
	if (response?.ok) return;
	$order.setKey('error', answer?.error?.message ?? response?.statusText ?? 'offline');
}
