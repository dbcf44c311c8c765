import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InvoiceLines } from '../../src/islands/panel/billing/InvoiceLines';
import { Transactions } from '../../src/islands/panel/billing/Transactions';
import { panelTools } from '../../src/islands/panel/shared/context';
import { dictionaries, locales, type Locale } from '../../src/i18n';
import type { InvoiceDetail } from '../../src/lib/panel/types';

// The panel's invoice page: an overdue renewal with its late fee, and the payments made for it.

const tools = (locale: Locale) =>
	panelTools({ locale, intl: locales[locale].intl, prefix: '', strings: dictionaries[locale] });

/** 10.00 EUR of service at 25 % VAT, 3 days' late fee: 15.50 in all. */
const invoice = {
	currency: 'EUR',
	subtotal: 1000,
	discount: 0,
	discountCode: null,
	taxRate: 25,
	tax: 250,
	lateFee: 300,
	total: 1550,
	lines: [
		{
			kind: 'service',
			description: 'Palworld (Standard), 8 GB RAM, monthly',
			detail: 'Frankfurt, Germany',
			quantity: 1,
			unitAmount: 1000,
			amount: 1000,
		},
		{
			kind: 'late_fee',
			description: 'Late fee: 3 days overdue',
			detail: null,
			quantity: 1,
			unitAmount: 300,
			amount: 300,
		},
	],
	transactions: [
		{
			kind: 'payment',
			at: '2027-03-05T14:00:00Z',
			status: 'succeeded',
			amount: 1550,
			method: 'card',
			card: { brand: 'visa', last4: '4242' },
			declined: null,
		},
		{
			kind: 'payment',
			at: '2027-03-06T14:00:00Z',
			status: 'succeeded',
			amount: 1550,
			method: 'paypal',
			card: null,
			declined: null,
		},
		{
			kind: 'refund',
			at: '2027-03-07T14:00:00Z',
			status: 'succeeded',
			amount: 1550,
			method: null,
			card: null,
			declined: null,
		},
	],
} as unknown as InvoiceDetail;

const occurrences = (html: string, text: string) => html.split(text).length - 1;

describe('the invoice page', () => {
	it('prints the late fee once, with the totals and its days', () => {
		const html = renderToString(createElement(InvoiceLines, { invoice, tools: tools('en') }));
		expect(occurrences(html, '€3.00')).toBe(1);
		expect(occurrences(html, 'Late fee')).toBe(1);
		expect(html).toContain('Late fee: 3 days overdue');
		expect(html).toContain('€15.50');
	});

	it('prints where the server runs under its line, and nothing under the others', () => {
		const html = renderToString(createElement(InvoiceLines, { invoice, tools: tools('en') }));
		expect(occurrences(html, 'data-line-detail')).toBe(1);
		expect(html).toMatch(/monthly<span[^>]*data-line-detail[^>]*>Frankfurt, Germany</);
	});

	it('says how each payment was made: the card, else the method', () => {
		const html = renderToString(createElement(Transactions, { invoice, tools: tools('en') }));
		expect(html).toContain('Visa ending in 4242');
		expect(html).toContain('PayPal');
		// Only the refund, which names no method of its own, shows none.
		expect(occurrences(html, '—')).toBe(1);
	});
});
