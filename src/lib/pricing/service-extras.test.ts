import { describe, expect, it } from 'vitest';
import { extrasAfter, extrasOfService } from './service-extras';

describe('the extras a service holds', () => {
	it('reads both paid extras from the row', () => {
		expect(extrasOfService({ modpack_installation: true, subdomain_extra: true })).toEqual([
			'modpackInstallation',
			'subDomain',
		]);
		expect(extrasOfService({ modpack_installation: false, subdomain_extra: false })).toEqual([]);
	});

	it('keeps what is held when a change leaves it out, and adds what is asked once', () => {
		const held = { modpack_installation: false, subdomain_extra: true };
		expect(extrasAfter(held, [])).toEqual(['subDomain']);
		expect(extrasAfter(held, ['modpackInstallation', 'subDomain'])).toEqual([
			'subDomain',
			'modpackInstallation',
		]);
	});
});
