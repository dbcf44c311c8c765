import { describe, expect, it } from 'vitest';
import { findPlan } from '../catalogue';
import { serverSize, smallestSize } from './plan-size';
import { sizesAsked } from './query';

// What GET /api/locations asks the adapters room for, read from its query string.

const ask = (query: string) => sizesAsked(new URLSearchParams(query));

describe('the size of a server', () => {
	it('is a plan’s RAM and storage; a VPS’s cores and disk grow with its RAM', () => {
		expect(serverSize(findPlan('valheim-standard')!)).toEqual({
			ramGb: 6,
			storageGb: 25,
			cores: 0,
		});
		expect(serverSize(findPlan('valheim-standard')!, 8, 50)).toEqual({
			ramGb: 8,
			storageGb: 50,
			cores: 0,
		});
		expect(serverSize(findPlan('vps-premium')!, 4)).toEqual({ ramGb: 4, storageGb: 30, cores: 2 });
	});

	it('refuses what the plan does not offer, as checkout does', () => {
		expect(serverSize(findPlan('valheim-standard')!, 7)).toBe('invalid_ram');
		expect(serverSize(findPlan('valheim-standard')!, 6, 30)).toBe('unknown_storage');
		expect(serverSize(findPlan('vps-premium')!, 2, 25)).toBe('unknown_storage');
	});

	it('is, without a plan, the smallest a product sells', () => {
		expect(smallestSize('game')).toEqual({ ramGb: 1, storageGb: 25, cores: 0 });
		expect(smallestSize('vps')).toEqual({ ramGb: 2, storageGb: 20, cores: 1 });
	});
});

describe('the query', () => {
	it('asks for a plan, a product’s smallest plan, or both products’', () => {
		expect(ask('product=game&plan=valheim-standard&ram=8')).toEqual({
			game: { ramGb: 8, storageGb: 25, cores: 0 },
		});
		expect(ask('plan=vps-premium')).toEqual({ vps: { ramGb: 2, storageGb: 20, cores: 1 } });
		expect(ask('product=vps')).toEqual({ vps: smallestSize('vps') });
		expect(ask('')).toEqual({ game: smallestSize('game'), vps: smallestSize('vps') });
	});

	it('refuses a product, plan, RAM or storage the catalogue does not sell', () => {
		expect(ask('product=dedicated')).toBe('unknown_product');
		expect(ask('plan=valheim-mega')).toBe('unknown_plan');
		expect(ask('product=vps&plan=valheim-standard')).toBe('unknown_plan');
		expect(ask('ram=8')).toBe('unknown_plan');
		expect(ask('plan=valheim-standard&ram=lots')).toBe('invalid_ram');
		expect(ask('plan=valheim-standard&ram=99999')).toBe('invalid_ram');
		expect(ask('plan=valheim-standard&storage=-1')).toBe('unknown_storage');
	});
});
