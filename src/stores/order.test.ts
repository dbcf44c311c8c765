import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderStatus, OrderVps } from '../lib/order-status';
import { editBilling, startCheckout } from './checkout';
import { $order, followOrder, stageOf } from './order';

const status = (
	invoice: string,
	service: string,
	extra: Partial<OrderStatus['service']> = {},
): OrderStatus => ({
	status: 'pending',
	location: 'frankfurt',
	cancelReason: null,
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

const vps = (extra: Partial<OrderVps> = {}): OrderVps => ({
	image: 'debian-12',
	imageName: 'Debian 12 (Bookworm)',
	os: 'linux',
	hostname: 'web1',
	name: null,
	ipv4: '203.0.113.10',
	ipv6: null,
	user: 'root',
	access: 'password',
	...extra,
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
		[status('paid', 'provisioning', { vps: vps() }), 'settingUp'],
		[status('paid', 'provisioning', { vps: vps({ machineState: 'cloning' }) }), 'settingUp'],
		[status('paid', 'provisioning', { vps: vps({ machineState: 'stopped' }) }), 'settingUp'],
		[status('paid', 'provisioning', { vps: vps({ machineState: 'starting' }) }), 'installing'],
		[status('paid', 'provisioning', { vps: vps({ machineState: 'running' }) }), 'installing'],
		[status('paid', 'active', { vps: vps() }), 'running'],
		[
			{ ...status('cancelled', 'cancelled', { vps: vps() }), cancelReason: 'no_vps_address' },
			'soldOut',
		],
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

	it('keeps a VPS password it was shown once, though later answers no longer carry it', async () => {
		vi.stubGlobal('sessionStorage', { removeItem: () => undefined });
		const answers = [
			status('paid', 'active', { vps: vps({ password: 'Kx7mRampVq9sledHt4w' }) }),
			status('paid', 'active', { vps: vps() }),
		];
		followOrder('order-2', () => Promise.resolve(Response.json(answers.shift())))();
		await vi.waitFor(() => expect($order.get().vpsPassword).toBe('Kx7mRampVq9sledHt4w'));
		$order.setKey('status', answers[0]!);
		expect($order.get().vpsPassword).toBe('Kx7mRampVq9sledHt4w');
	});

	it('follows a running order until its own name is published, then stops', async () => {
		vi.stubGlobal('sessionStorage', { removeItem: () => undefined });
		const name = 'web1.play.frostnode.example';
		const answers = [
			status('paid', 'active', { namePending: true, vps: vps() }),
			status('paid', 'active', { vps: vps({ name }) }),
		];
		const asked = vi.fn(() => Promise.resolve(Response.json(answers.shift() ?? answers[0])));
		const stop = followOrder('order-3', asked, 1);
		await vi.waitFor(() => expect($order.get().status?.service.vps?.name).toBe(name));
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect(asked).toHaveBeenCalledTimes(2);
		stop();
	});
});
