import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { cleanStores } from 'nanostores';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { billingDraft } from './billing-address';
import {
	$checkout,
	billingComplete,
	chooseMethod,
	editBilling,
	idempotencyKeyFor,
	goToStep,
	placeOrder,
	startCheckout,
} from './checkout';

const item = {
	id: 'palworld-1',
	planId: 'palworld-standard',
	ram: 8,
	storageGb: 25,
	extras: [],
	cycle: 'monthly' as const,
};
const billing = {
	name: 'Ingrid Solberg',
	address: 'Kirkegata 15',
	postcode: '0153',
	city: 'Oslo',
	country: 'NO',
};

function memoryStorage() {
	const values = new Map<string, string>();
	return {
		getItem: (k: string) => values.get(k) ?? null,
		setItem: (k: string, v: string) => void values.set(k, v),
	};
}

describe('checkout store', () => {
	it('keeps one idempotency key per cart item, so a resubmit is the same order', () => {
		const storage = memoryStorage();
		const first = idempotencyKeyFor(item, storage);
		expect(idempotencyKeyFor(item, storage)).toBe(first);
		expect(idempotencyKeyFor({ ...item, id: 'other-2' }, storage)).not.toBe(first);
		expect(first).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
	});

	it('sends a VPS with its choice as item.vps', async () => {
		startCheckout(billing, 'user-1');
		chooseMethod('card');
		const fetcher = vi.fn().mockResolvedValue(new Response('{}', { status: 201 }));
		const vps = { image: 'debian-12' as const, hostname: 'web-01', sshKeys: ['ssh-ed25519 AAAA'] };
		const server = { id: 'vps-1', planId: 'vps-premium', ram: 2, storageGb: null, extras: [] };
		await placeOrder(
			{
				item: { ...server, cycle: 'monthly', vps },
				currency: 'EUR',
				discountCode: null,
				locale: 'de',
				idempotencyKey: 'key-vps-12345678',
				unreachable: 'offline',
			},
			fetcher,
		);
		const sent = JSON.parse((fetcher.mock.calls[0] as [string, RequestInit])[1].body as string);
		expect(sent.item).toEqual({
			planId: 'vps-premium',
			ram: 2,
			storageGb: null,
			extras: [],
			cycle: 'monthly',
			currency: 'EUR',
			vps,
		});
	});

	it('needs every billing field', () => {
		expect(billingComplete(billing)).toBe(true);
		expect(billingComplete({ ...billing, city: '  ' })).toBe(false);
	});

	it('sends the choice, billing and method, never a price, and shows the server’s error', async () => {
		startCheckout(billing, 'user-1');
		chooseMethod('card');
		const fetcher = vi.fn().mockResolvedValue(
			new Response(JSON.stringify({ error: { code: 'invalid_ram', message: 'Not offered' } }), {
				status: 422,
			}),
		);
		const answer = await placeOrder(
			{
				item,
				currency: 'EUR',
				discountCode: null,
				locale: 'en',
				idempotencyKey: 'key-12345678',
				unreachable: 'offline',
			},
			fetcher,
		);
		expect(answer).toBeNull();
		expect($checkout.get().error).toBe('Not offered');
		const sent = JSON.parse((fetcher.mock.calls[0] as [string, RequestInit])[1].body as string);
		expect(sent).toEqual({
			item: {
				planId: 'palworld-standard',
				ram: 8,
				storageGb: 25,
				extras: [],
				cycle: 'monthly',
				currency: 'EUR',
			},
			discountCode: null,
			billing,
			method: 'card',
			idempotencyKey: 'key-12345678',
			locale: 'en',
		});
		await placeOrder(
			{
				item,
				currency: 'EUR',
				discountCode: null,
				locale: 'en',
				idempotencyKey: 'key-12345678',
				unreachable: 'offline',
			},
			vi.fn().mockRejectedValue(new TypeError('Failed to fetch')),
		);
		expect($checkout.get().error).toBe('offline');
	});

	it('sends the chosen location, and after location_full keeps where there is room', async () => {
		startCheckout(billing, 'user-1');
		chooseMethod('card');
		const full = {
			error: { code: 'location_full', message: 'Full', available: ['oslo', 'atlantis'] },
		};
		const fetcher = vi.fn().mockResolvedValue(new Response(JSON.stringify(full), { status: 409 }));
		const request = {
			item: { ...item, location: 'frankfurt' as const },
			currency: 'EUR',
			discountCode: null,
			locale: 'de',
			idempotencyKey: 'key-full-12345678',
			unreachable: 'offline',
		};
		expect(await placeOrder(request, fetcher)).toBeNull();
		const sent = JSON.parse((fetcher.mock.calls[0] as [string, RequestInit])[1].body as string);
		expect(sent.item.location).toBe('frankfurt');
		expect($checkout.get()).toMatchObject({ error: 'Full', locationFull: ['oslo'] });
		goToStep('billing');
		expect($checkout.get().locationFull).toBeNull();
	});
});

describe('the typed billing address', () => {
	beforeAll(() => useTestStorageEngine());
	afterEach(() => {
		cleanTestStorage();
		cleanStores(billingDraft('checkout').store);
	});
	const profile = { name: 'Ingrid', address: '', postcode: '', city: '', country: 'NO' };

	it('survives a reload: the checkout starts from what the customer typed, not the profile', () => {
		startCheckout(profile, 'user-1');
		editBilling({ address: 'Kirkegata 15', postcode: '0153', city: 'Oslo' });
		startCheckout(profile, 'user-1');
		expect($checkout.get().billing).toEqual({ ...billing, name: 'Ingrid' });
	});

	it('is not shown to another customer on the same browser', () => {
		startCheckout(profile, 'user-1');
		editBilling({ address: 'Kirkegata 15' });
		startCheckout(profile, 'user-2');
		expect($checkout.get().billing).toEqual(profile);
	});
});
