import { describe, expect, it } from 'vitest';
import { policy } from '../policy';
import { tierStanding } from './affiliate';

const tiers = policy.affiliate.tiers.map(({ percent, minCustomers }) => ({
	percent,
	minCustomers,
}));

describe('tierStanding', () => {
	it('starts at the first tier and says what the next one needs', () => {
		expect(tierStanding(tiers, 0)).toEqual({ current: tiers[0], next: tiers[1], needed: 10 });
		expect(tierStanding(tiers, 7)).toMatchObject({ current: { percent: 5 }, needed: 3 });
	});

	it('moves up exactly at the thresholds', () => {
		expect(tierStanding(tiers, 9).current?.percent).toBe(5);
		expect(tierStanding(tiers, 10)).toMatchObject({
			current: { percent: 10 },
			next: { percent: 15 },
			needed: 15,
		});
		expect(tierStanding(tiers, 24).current?.percent).toBe(10);
		expect(tierStanding(tiers, 25)).toEqual({ current: tiers[2], next: undefined, needed: 0 });
		expect(tierStanding(tiers, 400).current?.percent).toBe(15);
	});
});
