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

	it('names the company’s country in the reader’s language', () => {
		expect(policyFor('en-US').company.address).toBe('Storgata 1, 0155 Oslo, Norway');
		expect(policyFor('de-DE').company.address).toBe('Storgata 1, 0155 Oslo, Norwegen');
		expect(policyFor('da-DK').company.address).toBe('Storgata 1, 0155 Oslo, Norge');
	});
});
