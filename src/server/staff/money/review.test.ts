import { describe, expect, it } from 'vitest';
import { reviewedPayment } from './review';

// The flags the database writes (settle_invoice, the pause functions, a bundle), read back into
// the payment staff settle: only settle_invoice's names a payment of the invoice.

describe('a flag for review', () => {
	it('names the payment settle_invoice did not match: amount, currency, gateway, id', () => {
		const reason = 'Paid 900 EUR through test (tgpay_1b2c) for an invoice of 1000 EUR';
		expect(reviewedPayment(reason, 'unpaid')).toEqual({
			kind: 'unmatched',
			payment: { amount: 900, currency: 'EUR', gateway: 'test', reference: 'tgpay_1b2c' },
		});
		expect(
			reviewedPayment(
				'Paid 1000 NOK through stripe (pi_3x (a)) for an invoice of 1000 EUR',
				'unpaid',
			),
		).toMatchObject({ payment: { gateway: 'stripe', reference: 'pi_3x (a)', currency: 'NOK' } });
	});

	it('on a paid pause invoice asks for the invoice to be refunded', () => {
		expect(reviewedPayment('Pause paid after it was replaced: refund it', 'paid')).toEqual({
			kind: 'paid_invoice',
		});
		expect(reviewedPayment('Pause paid but not started (not_active): refund it', 'paid')).toEqual({
			kind: 'paid_invoice',
		});
	});

	it('of a bundle, or on an invoice that is not paid, names nothing staff can settle here', () => {
		expect(reviewedPayment('Paid 900 EUR for bundle 7f0c of 1000 EUR', 'unpaid')).toEqual({
			kind: 'unreadable',
		});
		expect(reviewedPayment('Pause paid after it was replaced: refund it', 'unpaid')).toEqual({
			kind: 'unreadable',
		});
		expect(
			reviewedPayment('Paid 900 EUR through paypal (x) for an invoice of 1000 EUR', 'unpaid'),
		).toEqual({
			kind: 'unreadable',
		});
	});
});
