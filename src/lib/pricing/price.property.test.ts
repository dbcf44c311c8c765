import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billingCycles, currencies, extrasForPlan, plans, storageOptions } from '../catalogue';
import { ramChoices, type Configuration } from './configuration';
import { cycleAmount, quote } from './price';

/** Any configuration the catalogue offers. */
const configurations = fc.constantFrom(...plans).chain((plan) =>
	fc.record({
		planId: fc.constant(plan.id),
		ram: fc.constantFrom(...ramChoices(plan)),
		storageGb:
			plan.product === 'vps'
				? fc.constant(null)
				: fc.constantFrom(...storageOptions.map((o) => o.gb)),
		extras: fc.subarray(extrasForPlan(plan).map((e) => e.id)),
		cycle: fc.constantFrom(...billingCycles.map((c) => c.id)),
		currency: fc.constantFrom(...currencies),
	}),
);

const percent = fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100);

describe('pricing properties', () => {
	it('never gives a negative amount, and the invoice lines always add up', () => {
		fc.assert(
			fc.property(configurations, percent, percent, (config, discountPercent, taxPercent) => {
				const q = quote(config, { discountPercent, taxPercent });
				for (const value of [q.subtotal, q.discount, q.tax, q.total]) {
					expect(Number.isInteger(value) && value >= 0).toBe(true);
				}
				expect(q.total).toBe(q.subtotal - q.discount + q.tax);
			}),
		);
	});

	it('is monotone in RAM and in storage', () => {
		fc.assert(
			fc.property(configurations, (config) => {
				const plan = plans.find((p) => p.id === config.planId)!;
				const more = ramChoices(plan).filter((ram) => ram > config.ram);
				for (const ram of more)
					expect(cycleAmount({ ...config, ram })).toBeGreaterThanOrEqual(cycleAmount(config));
				if (config.storageGb !== null) {
					for (const { gb } of storageOptions.filter((o) => o.gb > config.storageGb!)) {
						expect(cycleAmount({ ...config, storageGb: gb })).toBeGreaterThanOrEqual(
							cycleAmount(config),
						);
					}
				}
			}),
		);
	});

	it('a longer cycle never costs more than paying monthly for the same months', () => {
		fc.assert(
			fc.property(configurations, (config: Configuration) => {
				const months = billingCycles.find((c) => c.id === config.cycle)!.months;
				expect(cycleAmount(config)).toBeLessThanOrEqual(
					cycleAmount({ ...config, cycle: 'monthly' }) * months,
				);
			}),
		);
	});

	it('a 100 % code leaves nothing due, whatever the tax', () => {
		fc.assert(
			fc.property(configurations, percent, (config, taxPercent) => {
				expect(quote(config, { discountPercent: 100, taxPercent }).total).toBe(0);
			}),
		);
	});
});
