import { describe, expect, it } from 'vitest';
import { brandLabel, declineReason, declineReasons, unpaidConsequences } from './decline';

describe('declineReason', () => {
	it.each(declineReasons)('explains %s as itself', (code) => {
		expect(declineReason(code)).toBe(code);
	});

	it.each([null, undefined, '', 'generic_decline', 'CARD_DECLINED', 'card_declined '])(
		'reads %j as a plain decline',
		(code) => {
			expect(declineReason(code)).toBe('other');
		},
	);

	it('explains exactly the codes the customer texts cover', () => {
		expect([...declineReasons].sort()).toEqual([
			'authentication_required',
			'card_declined',
			'do_not_honor',
			'expired_card',
			'incorrect_cvc',
			'insufficient_funds',
			'lost_card',
			'processing_error',
			'stolen_card',
		]);
	});
});

describe('unpaidConsequences', () => {
	it('suspends 3 days and deletes 14 days after the due date, across a month end', () => {
		expect(unpaidConsequences('2026-01-30')).toEqual({
			suspendOn: '2026-02-02',
			deleteOn: '2026-02-13',
		});
	});

	it('counts a leap day', () => {
		expect(unpaidConsequences('2028-02-27')).toEqual({
			suspendOn: '2028-03-01',
			deleteOn: '2028-03-12',
		});
	});
});

describe('brandLabel', () => {
	it.each([
		['visa', 'Visa'],
		['mastercard', 'Mastercard'],
		['amex', 'Amex'],
		['Visa', 'Visa'],
		['', ''],
	])('writes %j as %j', (brand, label) => {
		expect(brandLabel(brand)).toBe(label);
	});
});
