import { describe, expect, it } from 'vitest';
import { fillLocationClaims, locationClaim } from './claims';
import { countryName, flagEmoji, locationViews } from './names';

// What the pages say about locations, computed from the catalogue (Oslo NO and Frankfurt DE with
// game servers and VPS, Stockholm SE with game servers) in the reader's language.

describe('a location as a page shows it', () => {
	it('names the city in the reader’s language and the country from its ISO code', () => {
		expect(locationViews('de').map((view) => [view.city, view.countryName])).toEqual([
			['Oslo', 'Norwegen'],
			['Frankfurt am Main', 'Deutschland'],
			['Stockholm', 'Schweden'],
		]);
		expect(countryName('SE', 'no')).toBe('Sverige');
		expect(flagEmoji('NO')).toBe('\u{1F1F3}\u{1F1F4}');
	});

	it('shows only what a visitor may know: no panel location ids, no hypervisor nodes', () => {
		const [oslo] = locationViews('en', 'vps');
		expect(Object.keys(oslo!).sort()).toEqual(
			['city', 'country', 'countryName', 'id', 'products', 'testAddress'].sort(),
		);
		expect(JSON.stringify(locationViews('en'))).not.toMatch(/pve|panelLocationIds|nodes/);
	});
});

describe('the claims', () => {
	it('counts and names every location, or a product’s, plural-aware', () => {
		expect(locationClaim('en').phrase).toBe('3 locations: Oslo, Frankfurt, and Stockholm');
		expect(locationClaim('no', 'vps').phrase).toBe('2 lokasjoner: Oslo og Frankfurt');
		expect(locationClaim('de', 'game')).toMatchObject({
			count: 3,
			choice: 'Oslo, Frankfurt am Main oder Stockholm',
			countries: 'Norwegen, Deutschland und Schweden',
		});
		expect(locationClaim('da').places).toBe(
			'Oslo (Norge), Frankfurt (Tyskland) eller Stockholm (Sverige)',
		);
	});

	it('fills the placeholders of rendered Markdown, and refuses one it does not know', () => {
		const html = '<li>%locations%</li><p>runs in %location-places%.</p>';
		expect(fillLocationClaims(html, 'en', 'vps')).toBe(
			'<li>2 locations: Oslo and Frankfurt</li><p>runs in Oslo (Norway) or Frankfurt (Germany).</p>',
		);
		expect(() => fillLocationClaims('<p>%location-count%</p>', 'en')).toThrow(
			'Unknown placeholder %location-count%',
		);
	});
});
