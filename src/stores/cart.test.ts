import {
	cleanTestStorage,
	getTestStorage,
	setTestStorageKey,
	useTestStorageEngine,
} from '@nanostores/persistent';
import { cleanStores } from 'nanostores';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
	$cartItem,
	$cartNotice,
	addFromAddress,
	addToCart,
	removeFromCart,
	setCartSubdomain,
	updateCartItem,
} from './cart';
import {
	$appliedDiscount,
	$shownCartNotice,
	applyDiscount,
	clearCart,
	dismissCartNotice,
	recheckDiscount,
	removeDiscount,
	showCartNotice,
} from './cart-page';

const palworld = {
	planId: 'palworld-standard',
	ram: 8,
	storageGb: 25,
	extras: [],
	cycle: 'monthly',
} as const;
const minecraft = {
	planId: 'minecraft-premium',
	ram: 4,
	storageGb: 50,
	extras: ['subDomain'],
	cycle: 'quarterly',
} as const;

beforeAll(() => useTestStorageEngine());
afterEach(() => {
	cleanTestStorage();
	cleanStores($cartItem, $appliedDiscount, $cartNotice, $shownCartNotice);
	$cartNotice.set(null);
	$shownCartNotice.set(null);
});

describe('the cart', () => {
	it('holds one item and says so when a second replaces the first', () => {
		const first = addToCart({ ...palworld, extras: [] });
		expect($cartNotice.get()).toBeNull();
		const second = addToCart({ ...minecraft, extras: ['subDomain'] });
		expect($cartItem.get()).toEqual(second);
		expect(second.id).not.toBe(first.id);
		expect($cartNotice.get()).toBe('replaced');
	});

	it('keeps the subdomain label with its extra only, normalized, and lets the cart change it', () => {
		const item = addToCart({ ...minecraft, extras: ['subDomain'], subdomain: ' Nord-Craft ' });
		expect(item.subdomain).toBe('nord-craft');
		setCartSubdomain(item.id, 'Fjord-Craft');
		expect($cartItem.get()?.subdomain).toBe('fjord-craft');
		const plain = addToCart({ ...palworld, extras: [], subdomain: 'left-behind' });
		expect(plain).not.toHaveProperty('subdomain');
		setCartSubdomain(plain.id, 'not-ordered');
		expect($cartItem.get()).not.toHaveProperty('subdomain');
	});

	it('persists the item under a namespaced key and removes or updates it by id only', () => {
		const item = addToCart({ ...palworld, extras: [] });
		$cartItem.listen(() => {});
		expect(JSON.parse(getTestStorage()['frostnode:cart']!)).toEqual({ v: 1, item });
		removeFromCart('another-id');
		updateCartItem('another-id', { ram: 16 });
		expect($cartItem.get()).toEqual(item);
		updateCartItem(item.id, { ram: 16, cycle: 'annually' });
		expect($cartItem.get()).toMatchObject({
			id: item.id,
			ram: 16,
			cycle: 'annually',
			storageGb: 25,
		});
		removeFromCart(item.id);
		expect($cartItem.get()).toBeNull();
	});

	it.each([
		['bad JSON', '{"v":1,"item":'],
		['an old shape', JSON.stringify({ plan: 'palworld', ram: 8 })],
		[
			'a plan that no longer exists',
			JSON.stringify({ v: 1, item: { ...palworld, id: 'x', planId: 'palworld-gold' } }),
		],
		[
			'RAM the plan does not offer',
			JSON.stringify({ v: 1, item: { ...palworld, id: 'x', ram: 7 } }),
		],
	])('drops %s from storage with a message instead of crashing', (_, stored) => {
		setTestStorageKey('frostnode:cart', stored);
		$cartItem.listen(() => {});
		expect($cartItem.get()).toBeNull();
		expect($cartNotice.get()).toBe('dropped');
	});

	it('keeps a VPS choice with a VPS only, and a stored one only in its shape', () => {
		const vps = { image: 'debian-12' as const, hostname: 'web-01', sshKeys: ['ssh-ed25519 AAAA'] };
		const server = {
			planId: 'vps-premium',
			ram: 2,
			storageGb: null,
			extras: [],
			cycle: 'monthly',
		} as const;
		const stored = { ...server, id: 'v', vps };
		setTestStorageKey('frostnode:cart', JSON.stringify({ v: 1, item: stored }));
		$cartItem.listen(() => {});
		expect($cartItem.get()).toEqual(stored);
		for (const broken of [{ ...vps, image: 'arch' }, { ...vps, sshKeys: 'one' }, 'debian-12']) {
			setTestStorageKey(
				'frostnode:cart',
				JSON.stringify({ v: 1, item: { ...stored, vps: broken } }),
			);
			expect($cartItem.get(), JSON.stringify(broken)).toEqual({ ...server, id: 'v' });
		}
		setTestStorageKey(
			'frostnode:cart',
			JSON.stringify({ v: 1, item: { ...palworld, id: 'p', vps } }),
		);
		expect($cartItem.get()).toEqual({ ...palworld, id: 'p' });
		expect(addToCart({ ...palworld, extras: [], vps })).not.toHaveProperty('vps');
		expect(addToCart({ ...server, extras: [], vps }).vps).toEqual(vps);
	});

	it('restores a valid stored item', () => {
		const stored = { ...palworld, id: 'restored' };
		setTestStorageKey('frostnode:cart', JSON.stringify({ v: 1, item: stored }));
		$cartItem.listen(() => {});
		expect($cartItem.get()).toEqual(stored);
		expect($cartNotice.get()).toBeNull();
	});
});

describe('discount codes', () => {
	it('applies only a code the server confirms', async () => {
		const check = vi
			.fn()
			.mockResolvedValueOnce({ ok: false, reason: 'unknown' })
			.mockResolvedValueOnce({ ok: true, percent: 25 });
		await applyDiscount('NOPE1', check);
		expect($appliedDiscount.get()).toBeNull();
		expect($cartNotice.get()).toBe('discountUnknown');
		showCartNotice();
		expect($shownCartNotice.get()).toBe('discountUnknown');
		await applyDiscount(' sp25 ', check);
		expect($appliedDiscount.get()).toEqual({ code: 'SP25', percent: 25 });
		expect($cartNotice.get()).toBeNull();
		// The refusal of the first code leaves the screen once a valid one is applied.
		expect($shownCartNotice.get()).toBeNull();
	});

	it('says so when the server asks to wait before checking more codes', async () => {
		await applyDiscount('MAYBE1', vi.fn().mockResolvedValue({ ok: false, reason: 'rateLimited' }));
		expect($appliedDiscount.get()).toBeNull();
		expect($cartNotice.get()).toBe('discountRateLimited');
	});

	it('re-checks a restored code: an expired one is removed with a message, an outage keeps it', async () => {
		$appliedDiscount.set({ code: 'FEB25', percent: 25 });
		await recheckDiscount(vi.fn().mockResolvedValue({ ok: false, reason: 'unavailable' }));
		expect($appliedDiscount.get()).toEqual({ code: 'FEB25', percent: 25 });
		await recheckDiscount(vi.fn().mockResolvedValue({ ok: false, reason: 'unknown' }));
		expect($appliedDiscount.get()).toBeNull();
		expect($cartNotice.get()).toBe('discountRemoved');
	});

	it('keeps what the customer did while a restored code was being re-checked', async () => {
		$appliedDiscount.set({ code: 'SP25', percent: 25 });
		let answer: (value: { ok: true; percent: number }) => void = () => {};
		const late = new Promise<{ ok: true; percent: number }>((resolve) => (answer = resolve));
		const removedMeanwhile = recheckDiscount(() => late);
		removeDiscount();
		answer({ ok: true, percent: 25 });
		await removedMeanwhile;
		expect($appliedDiscount.get()).toBeNull();

		$appliedDiscount.set({ code: 'SP25', percent: 25 });
		let refuse: (value: { ok: false; reason: 'unknown' }) => void = () => {};
		const refused = new Promise<{ ok: false; reason: 'unknown' }>((resolve) => (refuse = resolve));
		const replacedMeanwhile = recheckDiscount(() => refused);
		$appliedDiscount.set({ code: 'WINTER10', percent: 10 });
		refuse({ ok: false, reason: 'unknown' });
		await replacedMeanwhile;
		expect($appliedDiscount.get()).toEqual({ code: 'WINTER10', percent: 10 });
	});

	it('shows a notice once: out of storage, kept on screen until dismissed', () => {
		addToCart({ ...palworld, extras: [] });
		addToCart({ ...minecraft, extras: [] });
		showCartNotice();
		expect($shownCartNotice.get()).toBe('replaced');
		expect(getTestStorage()['frostnode:cart-notice']).toBeFalsy();
		showCartNotice(); // a second look (a re-rendered cart) finds nothing new and keeps it
		expect($shownCartNotice.get()).toBe('replaced');
		dismissCartNotice();
		expect($shownCartNotice.get()).toBeNull();
	});

	it('clearing the cart clears the code too', () => {
		addToCart({ ...palworld, extras: [] });
		$appliedDiscount.set({ code: 'SP25', percent: 25 });
		clearCart();
		expect($cartItem.get()).toBeNull();
		expect($appliedDiscount.get()).toBeNull();
	});
});

describe('a configuration arriving in the address', () => {
	it('is added once, and leaves the address', () => {
		const history = { state: null, replaceState: vi.fn() };
		addFromAddress(
			{ pathname: '/cart', search: '?plan=palworld-standard&ram=8&storage=100&cycle=quarterly' },
			history,
		);
		expect($cartItem.get()).toMatchObject({
			planId: 'palworld-standard',
			ram: 8,
			cycle: 'quarterly',
		});
		expect(history.replaceState).toHaveBeenCalledWith(null, '', '/cart');
	});

	it('adds nothing the catalogue does not sell, and nothing without a plan', () => {
		addFromAddress({ pathname: '/cart', search: '?plan=palworld-standard&ram=7&storage=100' });
		addFromAddress({ pathname: '/cart', search: '?ram=8' });
		expect($cartItem.get()).toBeNull();
	});
});
