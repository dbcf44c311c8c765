import { describe, expect, it } from 'vitest';
import { cycleAmount, cycleSaving, fromPrice, gameFromPrice, perMonth, quote } from './price';
import { findPlan, plansForGame } from '../catalogue';
import { games } from '../games';
import type { Configuration } from './configuration';

const config = (overrides: Partial<Configuration>): Configuration => ({
	planId: 'palworld-standard',
	ram: 6,
	storageGb: 25,
	extras: [],
	cycle: 'monthly',
	currency: 'USD',
	...overrides,
});

describe('cycleAmount (the cycle price formula)', () => {
	it.each([
		// The worked examples of the pricing rules.
		['Palworld 8 GB monthly, 25 GB, USD', config({ ram: 8 }), 800],
		[
			'Minecraft premium 4 GB quarterly, 50 GB, subdomain, EUR',
			config({
				planId: 'minecraft-premium',
				ram: 4,
				storageGb: 50,
				extras: ['subDomain'],
				cycle: 'quarterly',
				currency: 'EUR',
			}),
			3060,
		],
		// The seed's figures, so demo invoices agree with the catalogue.
		[
			'Minecraft premium 4 GB quarterly NOK, modpack and subdomain',
			config({
				planId: 'minecraft-premium',
				ram: 4,
				extras: ['modpackInstallation', 'subDomain'],
				cycle: 'quarterly',
				currency: 'NOK',
			}),
			30600,
		],
		[
			'Rust 10 GB monthly NOK with 50 GB',
			config({ planId: 'rust-standard', ram: 10, storageGb: 50, currency: 'NOK' }),
			12000,
		],
		[
			'Valheim 6 GB annually EUR',
			config({ planId: 'valheim-standard', cycle: 'annually', currency: 'EUR' }),
			4800,
		],
		[
			'FiveM in EUR starts at its own base',
			config({ planId: 'fivem-standard', currency: 'EUR' }),
			300,
		],
		['FiveM in USD', config({ planId: 'fivem-standard' }), 200],
		[
			'semi-annual discount applies to RAM only',
			config({ ram: 16, storageGb: 100, cycle: 'semiannually' }),
			8160 + 2400,
		],
		[
			'VPS 16 GB monthly DKK',
			config({ planId: 'vps-premium', ram: 16, storageGb: null, currency: 'DKK' }),
			4000 + 14 * 2000,
		],
		[
			'Minecraft budget 16 GB annually SEK',
			config({ planId: 'minecraft-budget', ram: 16, cycle: 'annually', currency: 'SEK' }),
			153600,
		],
	])('%s', (_, input, expected) => {
		expect(cycleAmount(input)).toBe(expected);
	});
});

describe('quote', () => {
	it('builds the four invoice lines, each rounded once', () => {
		expect(
			quote(config({ ram: 8, currency: 'EUR' }), { discountPercent: 25, taxPercent: 25 }),
		).toEqual({
			currency: 'EUR',
			months: 1,
			subtotal: 800,
			discountPercent: 25,
			discount: 200,
			taxPercent: 25,
			tax: 150,
			total: 750,
		});
	});

	it('taxes what is left after the discount, at the given rate', () => {
		const q = quote(config({ planId: 'terraria-standard', currency: 'EUR', cycle: 'quarterly' }), {
			discountPercent: 25,
			taxPercent: 19,
		});
		expect(q.subtotal).toBe(1080);
		expect(q.discount).toBe(270);
		expect(q.tax).toBe(154); // 810 × 19 % = 153.9
		expect(q.total).toBe(1080 - 270 + 154);
	});

	it('a 100 % code leaves nothing to pay', () => {
		expect(quote(config({ ram: 16 }), { discountPercent: 100, taxPercent: 25 }).total).toBe(0);
	});
});

describe('display figures', () => {
	it('from price is the base price at the starting RAM', () => {
		expect(fromPrice(findPlan('valheim-standard')!, 'USD')).toBe(500);
		expect(fromPrice(findPlan('minecraft-budget')!, 'NOK')).toBe(1500);
	});

	it("a game's from price is its cheapest plan's, in every currency", () => {
		expect(gameFromPrice('minecraft', 'NOK')).toBe(1500); // budget, not standard or premium
		for (const game of games)
			for (const currency of ['USD', 'EUR', 'NOK'] as const)
				expect(gameFromPrice(game.id, currency)).toBe(
					Math.min(...plansForGame(game.id).map((plan) => fromPrice(plan, currency))),
				);
		expect(gameFromPrice('no-such-game', 'EUR')).toBeNull();
	});

	it('per month spreads the cycle price; the saving is against paying monthly', () => {
		const annual = config({ ram: 8, cycle: 'annually' });
		expect(perMonth(annual)).toBe(640);
		expect(cycleSaving(annual)).toBe(800 * 12 - 7680);
		expect(cycleSaving(config({ ram: 8 }))).toBe(0);
	});
});
