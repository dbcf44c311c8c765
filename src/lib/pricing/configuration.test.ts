import { describe, expect, it } from 'vitest';
import {
	PricingError,
	isValidRam,
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

describe('what a refusal says', () => {
	/** The error a configuration gets, for its name and message: what the logs show. */
	const errorOf = (config: Configuration) => {
		try {
			resolveConfiguration(config);
		} catch (error) {
			return error;
		}
		return null;
	};

	it.each<[string, Configuration, string]>([
		[
			'RAM off the steps',
			{ ...valid, planId: 'rust-standard', ram: 7, extras: [] },
			'invalid_ram: 7 GB; rust-standard offers 6-16 GB in steps of 2',
		],
		[
			'storage on a VPS',
			{ ...valid, planId: 'vps-premium', ram: 2, extras: [] },
			'unknown_storage: a VPS has no storage option',
		],
		[
			'an extra the plan lacks',
			{ ...valid, planId: 'rust-standard', ram: 6 },
			'unknown_extra: modpackInstallation for rust-standard',
		],
	])('%s', (_, config, message) => {
		expect(errorOf(config)).toMatchObject({ name: 'PricingError', message });
	});
});

describe('isValidRam', () => {
	it('counts the steps from the starting RAM, not from zero', () => {
		// No plan starts off a multiple of its step today; this one would.
		const odd = { ...findPlan('rust-standard')!, startingRam: 1, ramStep: 3, maxRam: 10 };
		expect([1, 2, 3, 4, 7, 10].map((ram) => isValidRam(odd, ram))).toEqual([
			true,
			false,
			false,
			true,
			true,
			true,
		]);
	});
});
