import { describe, expect, it } from 'vitest';
import { encodeStoredCart } from '../lib/cart-item';
import { storedCartHasItem } from './cart-signal';

describe('storedCartHasItem', () => {
	it('reads what the cart store writes', () => {
		const item = {
			id: 'x',
			planId: 'palworld-standard',
			ram: 6,
			storageGb: 50,
			extras: [],
			cycle: 'monthly' as const,
		};
		expect(storedCartHasItem(encodeStoredCart(item))).toBe(true);
		expect(storedCartHasItem(encodeStoredCart(null))).toBe(false);
	});
	it('says no for nothing stored or something unreadable', () => {
		expect(storedCartHasItem(null)).toBe(false);
		expect(storedCartHasItem('{"v":1,"item":')).toBe(false);
	});
});
