import { describe, expect, it } from 'vitest';
import { PaymentRequestError } from './errors';
import { checkCheckoutRequest, methodsFor } from './methods';
import type { CheckoutRequest } from './types';

describe('methodsFor', () => {
	it.each([
		['USD', ['card', 'paypal']],
		['EUR', ['card', 'paypal', 'mobilepay']],
		['DKK', ['card', 'paypal', 'mobilepay']],
		['NOK', ['card', 'paypal', 'mobilepay']],
		['SEK', ['card', 'paypal', 'mobilepay']],
	])('offers %s the methods Stripe presents in it', (currency, methods) => {
		expect(methodsFor(currency)).toEqual(methods);
		expect(methodsFor(currency.toLowerCase())).toEqual(methods);
	});

	it('offers nothing in a currency we do not sell', () => {
		expect(methodsFor('GBP')).toEqual([]);
		expect(methodsFor('')).toEqual([]);
	});

	it('hands out copies, so a caller cannot change the matrix', () => {
		methodsFor('EUR').pop();
		expect(methodsFor('EUR')).toHaveLength(3);
	});
});

describe('checkCheckoutRequest', () => {
	const request: CheckoutRequest = {
		invoiceId: 'i1',
		orderId: 'o1',
		amount: 900,
		currency: 'EUR',
		method: 'card',
		customer: { profileId: 'p1', email: 'a@example.com', name: 'A' },
		description: 'Minecraft server, 4 GB, monthly',
		locale: 'en',
		successUrl: 'https://shop.example/checkout/complete',
		cancelUrl: 'https://shop.example/cart',
		idempotencyKey: 'checkout:o1:1',
	};

	it('accepts a well-formed request', () => {
		expect(() => checkCheckoutRequest(request)).not.toThrow();
	});

	it.each([
		[{ method: 'mobilepay', currency: 'USD' }, /mobilepay is not offered in USD/],
		[{ amount: 0 }, /positive integer/],
		[{ amount: 9.5 }, /positive integer/],
		[{ successUrl: '/checkout/complete' }, /absolute/],
		[{ cancelUrl: 'javascript:alert(1)' }, /absolute/],
		[{ idempotencyKey: 'short' }, /idempotencyKey/],
		[{ description: '  ' }, /description/],
		[{ currency: 'GBP' }, /not sold/],
	] as const)('refuses %j', (change, message) => {
		const bad = { ...request, ...change } as CheckoutRequest;
		expect(() => checkCheckoutRequest(bad)).toThrow(PaymentRequestError);
		expect(() => checkCheckoutRequest(bad)).toThrow(message);
	});
});
