import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../lib/order-status';
import { stageOf } from './order';

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
