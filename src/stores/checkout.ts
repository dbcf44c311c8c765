import { map } from 'nanostores';
import type { CartItem } from '../lib/cart-item';
import { billingDraft, type Billing } from './billing-address';
import type { PaymentMethodKind } from '../lib/domain/payment-method';
import { isLocationId, type LocationId } from '../lib/domain/location-ids';

export { billingComplete, type Billing } from './billing-address';

export type CheckoutStep = 'review' | 'billing' | 'payment';

export interface CheckoutState {
	/** The signed-in customer, whose typed address is kept for them alone. */
	owner: string;
	step: CheckoutStep;
	billing: Billing;
	method: PaymentMethodKind | null;
	submitting: boolean;
	error: string | null;
	/** The chosen location was full (409 location_full): the ones that had room instead. */
	locationFull: LocationId[] | null;
}

export const $checkout = map<CheckoutState>({
	owner: '',
	step: 'review',
	billing: { name: '', address: '', postcode: '', city: '', country: '' },
	method: null,
	submitting: false,
	error: null,
	locationFull: null,
});

const draft = billingDraft('checkout');

/** Starts on the review step with the address the customer last typed here, else their profile's. */
export function startCheckout(profile: Billing, owner: string): void {
	const billing = draft.restore(owner, profile);
	$checkout.set({
		owner,
		step: 'review',
		billing,
		method: null,
		submitting: false,
		error: null,
		locationFull: null,
	});
}

export function goToStep(step: CheckoutStep): void {
	$checkout.setKey('step', step);
	$checkout.setKey('error', null);
	$checkout.setKey('locationFull', null);
}

export function editBilling(changes: Partial<Billing>): void {
	const billing = { ...$checkout.get().billing, ...changes };
	$checkout.setKey('billing', billing);
	draft.save($checkout.get().owner, billing);
}

export function chooseMethod(method: PaymentMethodKind): void {
	$checkout.setKey('method', method);
}

/**
 * One key per cart item and browser tab, kept until the order is paid: submitting again (a double
 * click, a reload, coming back after a declined payment) gives the same order, never a second.
 */
export function idempotencyKeyFor(
	item: CartItem,
	storage: Pick<Storage, 'getItem' | 'setItem'>,
): string {
	const name = `frostnode:checkout:${item.id}`;
	let key = storage.getItem(name);
	if (!key) {
		key = `${item.id.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40)}-${crypto.randomUUID()}`;
		storage.setItem(name, key);
	}
	return key;
}

export interface CheckoutAnswer {
	orderId: string;
	paymentUrl: string | null;
}

/** Sends the order; the server prices it. Resolves to where to go next, or sets the error. */
export async function placeOrder(
	request: {
		item: CartItem;
		currency: string;
		discountCode: string | null;
		locale: string;
		idempotencyKey: string;
		/** Shown when the server cannot be reached at all (its own errors come translated). */
		unreachable: string;
	},
	fetcher: typeof fetch = fetch,
): Promise<CheckoutAnswer | null> {
	const { billing, method } = $checkout.get();
	$checkout.setKey('submitting', true);
	$checkout.setKey('error', null);
	$checkout.setKey('locationFull', null);
	const { id: _id, ...choice } = request.item;
	try {
		const response = await fetcher('/api/checkout', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({
				item: { ...choice, currency: request.currency },
				discountCode: request.discountCode,
				billing,
				method,
				idempotencyKey: request.idempotencyKey,
				locale: request.locale,
			}),
		});
		const answer = (await response.json()) as CheckoutAnswer & {
			error?: { code?: string; message: string; available?: unknown };
		};
		if (response.ok) return answer;
		$checkout.setKey('error', answer.error?.message ?? request.unreachable);
		const available = answer.error?.available;
		if (answer.error?.code === 'location_full' && Array.isArray(available))
			$checkout.setKey('locationFull', available.filter(isLocationId));
		return null;
	} catch {
		$checkout.setKey('error', request.unreachable);
		return null;
	} finally {
		$checkout.setKey('submitting', false);
	}
}
