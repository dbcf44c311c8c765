import { describe, expect, it } from 'vitest';
import { policyFor } from './policy';

describe('policyFor', () => {
	it('formats fractional figures for the reader', () => {
		expect(policyFor('en-US')).toMatchObject({
			dataRetentionYears: '3.5',
			availability: '99.99 %',
		});
		expect(policyFor('de-DE')).toMatchObject({
			dataRetentionYears: '3,5',
			availability: '99,99 %',
		});
		expect(policyFor('nb-NO').moneyBackDays).toBe(7);
	});
});
