import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderStatus } from '../lib/order-status';
import { editBilling, startCheckout } from './checkout';
import { followOrder, stageOf } from './order';

const status = (
	invoice: string,
	service: string,
	extra: Partial<OrderStatus['service']> = {},
): OrderStatus => ({
	status: 'pending',
	invoice: { id: 'i', status: invoice, total: 1000, currency: 'EUR', lastPaymentError: null },
	service: {
		id: 's',
		status: service,
		address: null,
		provisioningFailed: false,
		game: 'palworld',
		...extra,
	},
});

describe('stageOf', () => {
	it.each([
		[status('unpaid', 'pending_payment'), 'unpaid'],
		[status('paid', 'pending_payment'), 'paid'],
		[status('paid', 'provisioning'), 'settingUp'],
		[status('paid', 'provisioning', { panelState: 'installing' }), 'installing'],
		[status('paid', 'provisioning', { provisioningFailed: true }), 'delayed'],
		[status('paid', 'active', { address: 'play.example:25565' }), 'running'],
		[status('refunded', 'cancelled'), 'refunded'],
	] as const)('%# → %s', (order, stage) => expect(stageOf(order)).toBe(stage));

	it('says unpaid before anything is known', () => expect(stageOf(null)).toBe('unpaid'));
});

describe('followOrder', () => {
	beforeAll(() => useTestStorageEngine());
	afterEach(() => {
		cleanTestStorage();
		vi.unstubAllGlobals();
	});

	it('forgets the typed billing address once the order is paid', async () => {
		vi.stubGlobal('sessionStorage', { removeItem: () => undefined });
		const profile = { name: 'Ingrid', address: '', postcode: '', city: '', country: 'NO' };
		startCheckout(profile, 'user-1');
		editBilling({ address: 'Kirkegata 15' });
		expect(getTestStorage()['frostnode:billing-draft:checkout']).toContain('Kirkegata');
		const paid = status('paid', 'active', { address: 'play.example:25565' });
		const stop = followOrder('order-1', () => Promise.resolve(Response.json(paid)));
		await vi.waitFor(() =>
			expect(getTestStorage()['frostnode:billing-draft:checkout']).toBeUndefined(),
		);
		stop();
	});
});
