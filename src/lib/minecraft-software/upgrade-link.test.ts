import { describe, expect, it } from 'vitest';
import { ramThatFits, upgradeLink, upgradePreselection } from './upgrade-link';

const id = 'c0ffee00-0000-4000-8000-000000000102';

describe('the upgrade link of a refused install', () => {
	it('opens the server’s upgrade page in the reader’s language with the extra or RAM chosen', () => {
		expect(upgradeLink(id, 'en', { extra: 'modpackInstallation' })).toBe(
			`/panel/game-servers/upgrade/${id}?extra=modpackInstallation`,
		);
		expect(upgradeLink(id, 'no', { ramGb: 8 })).toBe(`/no/panel/game-servers/upgrade/${id}?ram=8`);
		expect(upgradeLink(id, 'de', {})).toBe(`/de/panel/game-servers/upgrade/${id}`);
	});

	it('is read back by the upgrade page, ignoring anything else', () => {
		const link = upgradeLink(id, 'da', { extra: 'modpackInstallation', ramGb: 6 });
		expect(upgradePreselection(new URL(link, 'http://x').searchParams)).toEqual({
			extra: 'modpackInstallation',
			ramGb: 6,
		});
		expect(upgradePreselection(new URLSearchParams('extra=subDomain&ram=-2'))).toEqual({});
		expect(upgradePreselection(new URLSearchParams('ram=2.5'))).toEqual({});
	});

	it('asks for the smallest RAM the plan sells that meets the recommendation', () => {
		const minecraft = { startingRam: 1, maxRam: 16, ramStep: 1 };
		const stepped = { startingRam: 6, maxRam: 16, ramStep: 2 };
		expect(ramThatFits(minecraft, 6)).toBe(6);
		expect(ramThatFits(stepped, 7)).toBe(8);
		expect(ramThatFits(stepped, 4)).toBe(6);
		expect(ramThatFits(stepped, 16)).toBe(16);
		expect(ramThatFits(stepped, 17)).toBeNull();
	});
});
