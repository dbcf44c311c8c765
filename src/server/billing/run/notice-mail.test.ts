import { describe, expect, it } from 'vitest';
import { locales } from '../../../i18n';
import { billingMail, noticeSchema, type Notice } from './notice-mail';

const origin = 'https://frostnode.example';

// The day-0 reminder of a renewal due 2027-02-28 whose first automatic charge was declined.
const due = (overrides: Partial<Notice> = {}): Notice =>
	noticeSchema.parse({
		id: 1,
		kind: 'due',
		email: 'kunde@example.com',
		locale: 'en',
		plan_id: 'palworld-standard',
		number: 'INV-2027-000042',
		total: 1000,
		currency: 'EUR',
		due_at: '2027-02-28T12:00:00+00:00',
		invoice_id: '6a1f2b4c-0d3e-4f5a-8b9c-1d2e3f4a5b6c',
		charge_attempts: 1,
		declined: {
			code: 'insufficient_funds',
			brand: 'visa',
			last4: '4242',
			at: '2027-02-28T13:00:00+00:00',
		},
		...overrides,
	});

describe('the billing mail after a declined automatic charge', () => {
	it('says the card was declined, why, what happens when, and links to paying the invoice', () => {
		const mail = billingMail(due(), origin);
		expect(mail.subject).toBe('Your card was declined: invoice INV-2027-000042 is not paid');
		expect(mail.text).toContain('Visa card ending in 4242');
		expect(mail.text).toContain('there was not enough money on the card.');
		expect(mail.text).toContain('We will try the card again on March 1, 2027.');
		// Suspended 3 days after the due date, deleted 14 days after it.
		expect(mail.text).toContain('not paid by March 3, 2027');
		expect(mail.text).toContain('on March 14, 2027 it will be deleted');
		expect(mail.text).toContain(
			`${origin}/panel/billing/invoices/6a1f2b4c-0d3e-4f5a-8b9c-1d2e3f4a5b6c`,
		);
		expect(mail.text).not.toContain('insufficient_funds');
	});

	it('after the last retry promises no further try', () => {
		const mail = billingMail(
			due({
				kind: 'suspension_warning',
				charge_attempts: 2,
				declined: { code: 'mystery', brand: null, last4: null, at: '2027-03-01T13:00:00Z' },
			}),
			origin,
		);
		// The third try is on day 3, the suspension day: too late to mention.
		expect(mail.text).not.toContain('try the card again');
		expect(mail.text).toContain('your saved card');
		expect(mail.text).toContain('the bank declined the payment.');
	});

	it.each(Object.keys(locales))('is written in %s without raw codes or placeholders', (locale) => {
		const mail = billingMail(due({ locale }), origin);
		expect(mail.text).not.toMatch(/[{}]|insufficient_funds|mail\.billing/);
		expect(mail.text).toContain('4242');
		expect(mail.text).toContain(`/${locale === 'en' ? '' : `${locale}/`}panel/billing/invoices/`);
	});

	it('leaves reminders without a declined charge, and other mails, as they were', () => {
		expect(billingMail(due({ declined: null }), origin).subject).toBe(
			'Invoice INV-2027-000042 is due today',
		);
		expect(billingMail(due({ kind: 'renewed' }), origin).subject).toContain('renewed');
	});
});

describe('the invoice and renewed mails', () => {
	// A renewal due 2027-02-28 at noon, for the period to 2027-03-31.
	const notice = (overrides: Partial<Notice>) =>
		due({
			declined: null,
			charge_attempts: 0,
			period_end: '2027-03-31T12:00:00+00:00',
			...overrides,
		});

	it('asks for payment before the due date when the invoice comes a week ahead', () => {
		const mail = billingMail(
			notice({ kind: 'invoice', issued_at: '2027-02-21T13:00:00+00:00' }),
			origin,
		);
		expect(mail.text).toContain('renews on February 28, 2027');
		expect(mail.text).toContain('please pay before then');
	});

	it('says a late invoice is due today, never "before" a day gone by', () => {
		// Issued after the runs stopped: its due date is the moment it was issued.
		const late = { kind: 'invoice' as const, due_at: '2027-03-05T13:00:00+00:00' };
		const mail = billingMail(notice({ ...late, issued_at: '2027-03-05T13:00:00+00:00' }), origin);
		expect(mail.text).toContain('due today, March 5, 2027');
		expect(mail.text).not.toContain('before then');
		for (const locale of Object.keys(locales)) {
			const text = billingMail(notice({ ...late, issued_at: late.due_at, locale }), origin).text;
			expect(text).not.toMatch(/[{}]|mail\.billing/);
			expect(text).not.toBe(billingMail(notice({ kind: 'invoice', locale }), origin).text);
		}
	});

	it.each([
		['en', 'paid until March 31, 2027'],
		['no', '31. mars 2027'],
		['da', '31. marts 2027'],
		['de', '31. März 2027'],
	])('"renewed" gives the new paid-until date (%s)', (locale, until) => {
		const mail = billingMail(notice({ kind: 'renewed', locale }), origin);
		expect(mail.text).toContain(until);
		expect(mail.text).not.toMatch(/[{}]/);
	});
});
