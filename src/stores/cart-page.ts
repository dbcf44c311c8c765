import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { checkDiscountCode, type DiscountCheck } from '../lib/discount-check';
import { $cartItem, $cartNotice, type CartNotice } from './cart';

// The cart page's and checkout's part of the cart: the discount code, the notice on screen, and
// emptying it after an order. Apart from cart.ts, which a game page's configurator loads to add
// to the cart, so game pages ship none of it (scripts/storefront-bundle.ts).

const failureNotice = {
	unknown: 'discountUnknown',
	unavailable: 'discountUnavailable',
	rateLimited: 'discountRateLimited',
} as const;
const discountFailures = new Set<CartNotice>(Object.values(failureNotice));

export interface AppliedDiscount {
	code: string;
	percent: number;
}

export const $appliedDiscount = persistentAtom<AppliedDiscount | null>('frostnode:discount', null, {
	encode: (value) => JSON.stringify(value),
	decode: (raw) => {
		try {
			const value = JSON.parse(raw) as Partial<AppliedDiscount> | null;
			return value && typeof value.code === 'string' && typeof value.percent === 'number'
				? { code: value.code, percent: value.percent }
				: null;
		} catch {
			return null;
		}
	},
});

export function clearCart(): void {
	$cartItem.set(null);
	$appliedDiscount.set(null);
}

/** Asks the server about a code; only a code it confirms is applied. */
export async function applyDiscount(
	code: string,
	check = checkDiscountCode,
): Promise<DiscountCheck> {
	const result = await check(code);
	if (result.ok) {
		$appliedDiscount.set({ code: code.trim().toUpperCase(), percent: result.percent });
		$cartNotice.set(null);
		// An earlier code's refusal would otherwise stay on screen beside the code now applied.
		if (discountFailures.has($shownCartNotice.get())) $shownCartNotice.set(null);
	} else {
		$cartNotice.set(failureNotice[result.reason]);
	}
	return result;
}

export function removeDiscount(): void {
	$appliedDiscount.set(null);
}

/**
 * Checks a restored discount again: a code that expired or ran out since it was applied is
 * removed with a message; when the server cannot be reached (or asks to wait) the code stays.
 * What the customer did while the check was under way (removed the code, applied another) wins:
 * a late answer about the old code must not put it back.
 */
export async function recheckDiscount(check = checkDiscountCode): Promise<void> {
	const applied = $appliedDiscount.get();
	if (!applied) return;
	const result = await check(applied.code);
	if ($appliedDiscount.get()?.code !== applied.code) return;
	if (result.ok) $appliedDiscount.set({ ...applied, percent: result.percent });
	else if (result.reason === 'unknown') {
		$appliedDiscount.set(null);
		$cartNotice.set('discountRemoved');
	}
}

/**
 * The notice on screen. Showing takes it out of storage, so it appears once rather than on every
 * later visit, but keeps it in memory for the page: a cart that re-renders (emptied, or its island
 * hydrated again) shows it still instead of losing it.
 */
export const $shownCartNotice = atom<CartNotice>(null);

export function showCartNotice(): void {
	const stored = $cartNotice.get();
	if (!stored) return;
	$shownCartNotice.set(stored);
	$cartNotice.set(null);
}

export function dismissCartNotice(): void {
	$shownCartNotice.set(null);
}
