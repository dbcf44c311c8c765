import { describe, expect, it } from 'vitest';
import { findPlan } from '../catalogue';
import type { ServerChoice } from './configuration';
import { summarize } from './summary';
import { vpsSpecs } from './vps';

describe('summarize', () => {
	it('shows a game server per month, per cycle and the saving, without specs', () => {
		const palworld: ServerChoice = {
			planId: 'palworld-standard',
			ram: 8,
			storageGb: 25,
			extras: [],
			cycle: 'quarterly',
		};
		// 800 a month at 8 GB; a quarter is 3 × 800 × 0.9 = 2160.
		expect(summarize(palworld, 'USD')).toEqual({
			currency: 'USD',
			perMonth: 720,
			cycleTotal: 2160,
			months: 3,
			saving: 240,
			specs: null,
		});
	});

	it('adds the specs of a VPS at its RAM', () => {
		const vps: ServerChoice = {
			planId: 'vps-premium',
			ram: 16,
			storageGb: null,
			extras: [],
			cycle: 'monthly',
		};
		expect(summarize(vps, 'EUR')).toMatchObject({
			months: 1,
			specs: { cores: 8, storageGb: 90, bandwidth: '1 Gbit/s' },
		});
	});
});

describe('vpsSpecs', () => {
	const vps = findPlan('vps-premium')!;

	it('grows cores and NVMe by one increment per RAM step', () => {
		expect(vpsSpecs(vps, 2)).toEqual({ cores: 1, storageGb: 20, bandwidth: '1 Gbit/s' });
		expect(vpsSpecs(vps, 4)).toEqual({ cores: 2, storageGb: 30, bandwidth: '1 Gbit/s' });
		expect(vpsSpecs(vps, 16)).toEqual({ cores: 8, storageGb: 90, bandwidth: '1 Gbit/s' });
	});

	it("takes the plan's increments, not a fixed one", () => {
		// The catalogue's VPS adds one core a step; a plan adding two must get two.
		const doubled = { ...vps, vps: { ...vps.vps!, coreIncrement: 2 } };
		expect(vpsSpecs(doubled, 4).cores).toBe(3);
	});

	it('refuses a game plan', () => {
		expect(() => vpsSpecs(findPlan('valheim-standard')!, 6)).toThrow(
			'valheim-standard is not a VPS plan',
		);
	});
});
