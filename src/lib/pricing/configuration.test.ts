import { describe, expect, it } from 'vitest';
import {
	PricingError,
	ramChoices,
	resolveConfiguration,
	type Configuration,
} from './configuration';
import { findPlan } from '../catalogue';

const valid: Configuration = {
	planId: 'minecraft-budget',
	ram: 3,
	storageGb: 25,
	extras: ['modpackInstallation'],
	cycle: 'monthly',
	currency: 'DKK',
};

/** Untrusted input may name any cycle: the resolver is what refuses it. */
const codeOf = (config: Omit<Configuration, 'cycle'> & { cycle: string }) => {
	try {
		resolveConfiguration(config as Configuration);
		return 'ok';
	} catch (error) {
		return error instanceof PricingError ? error.code : 'unexpected';
	}
};

describe('ramChoices', () => {
	it('runs from the starting RAM to the maximum in steps', () => {
		expect(ramChoices(findPlan('palworld-standard')!)).toEqual([6, 8, 10, 12, 14, 16]);
		expect(ramChoices(findPlan('minecraft-premium')!)).toHaveLength(16);
		expect(ramChoices(findPlan('vps-premium')!)).toEqual([2, 4, 6, 8, 10, 12, 14, 16]);
	});
});

describe('resolveConfiguration rejects what the catalogue does not offer', () => {
	it.each([
		['a valid configuration', valid, 'ok'],
		['an unknown plan', { ...valid, planId: 'minecraft-gold' }, 'unknown_plan'],
		['RAM between steps', { ...valid, planId: 'rust-standard', ram: 7, extras: [] }, 'invalid_ram'],
		[
			'RAM below the start',
			{ ...valid, planId: 'rust-standard', ram: 4, extras: [] },
			'invalid_ram',
		],
		['RAM above the maximum', { ...valid, ram: 17 }, 'invalid_ram'],
		['fractional RAM', { ...valid, ram: 2.5 }, 'invalid_ram'],
		['a storage size not on offer', { ...valid, storageGb: 75 }, 'unknown_storage'],
		['no storage on a game server', { ...valid, storageGb: null }, 'unknown_storage'],
		[
			'a storage option on a VPS',
			{ ...valid, planId: 'vps-premium', ram: 2, extras: [] },
			'unknown_storage',
		],
		[
			'modpacks on a game without them',
			{ ...valid, planId: 'rust-standard', ram: 6 },
			'unknown_extra',
		],
		['an unknown cycle', { ...valid, cycle: 'weekly' }, 'unknown_cycle'],
		['an unknown currency', { ...valid, currency: 'GBP' }, 'unknown_currency'],
	])('%s', (_, config, expected) => {
		expect(codeOf(config)).toBe(expected);
	});

	it('counts a repeated extra once', () => {
		expect(
			resolveConfiguration({ ...valid, extras: ['subDomain', 'subDomain'] }).extras,
		).toHaveLength(1);
	});
});
