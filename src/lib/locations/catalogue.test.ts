import { describe, expect, it } from 'vitest';
import shipped from '../../../content/catalogue/locations.json';
import { locationOfNode, locationsFor, nearestLocation, parseLocations } from './catalogue';

describe('the location catalogue', () => {
	it('offers each product where its section says servers go', () => {
		expect(locationsFor('vps').map((l) => l.id)).toEqual(['oslo', 'frankfurt']);
		expect(locationsFor('game').map((l) => l.id)).toEqual(['oslo', 'frankfurt', 'stockholm']);
		expect(locationOfNode('pve2')?.id).toBe('frankfurt');
		expect(locationOfNode('pve9')).toBeUndefined();
	});

	it('preselects the location nearest to the language, else the first offering the product', () => {
		expect(nearestLocation('de', 'game')).toBe('frankfurt');
		expect(nearestLocation('no', 'vps')).toBe('oslo');
		expect(nearestLocation('xx', 'game')).toBe('oslo');
	});

	it('refuses a file that claims a product without saying where it goes, naming the field', () => {
		const broken = structuredClone(shipped);
		delete (broken[0] as { vps?: unknown }).vps;
		expect(() => parseLocations(broken)).toThrow(
			/locations\.json is invalid:\n {2}0: products has vps/,
		);
		const twice = structuredClone(shipped);
		twice[1]!.vps!.nodes = ['pve1'];
		expect(() => parseLocations(twice)).toThrow(/a hypervisor node belongs to one location/);
		expect(() => parseLocations([{ ...shipped[0], id: 'atlantis' }])).toThrow(/0\.id/);
	});
});
