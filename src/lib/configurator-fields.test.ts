import { describe, expect, it } from 'vitest';
import { choiceFromFields } from './configurator-fields';

describe('choiceFromFields', () => {
	it('reads what the configurator form submits', () => {
		const fields = new URLSearchParams(
			'plan=palworld-standard&ram=8&storage=100&extras=subDomain&cycle=quarterly&currency=EUR',
		);
		expect(choiceFromFields(fields)).toEqual({
			planId: 'palworld-standard',
			ram: 8,
			storageGb: 100,
			extras: ['subDomain'],
			cycle: 'quarterly',
		});
	});

	it('carries the subdomain label with its extra only', () => {
		const withLabel = new URLSearchParams(
			'plan=palworld-standard&ram=8&storage=25&extras=subDomain&subdomain=pal-isle&cycle=monthly',
		);
		expect(choiceFromFields(withLabel)).toMatchObject({ subdomain: 'pal-isle' });
		const without = new URLSearchParams('plan=palworld-standard&ram=8&storage=25&subdomain=x');
		expect(choiceFromFields(without)).not.toHaveProperty('subdomain');
	});

	it('carries the location chosen (checkout judges it), and none past its length', () => {
		const base = 'plan=valheim-standard&ram=6&storage=25&cycle=monthly';
		expect(choiceFromFields(new URLSearchParams(`${base}&location=frankfurt`))).toMatchObject({
			location: 'frankfurt',
		});
		const odd = choiceFromFields(new URLSearchParams(`${base}&location=${'x'.repeat(41)}`));
		expect(odd).not.toBeNull();
		expect(odd).not.toHaveProperty('location');
		expect(choiceFromFields(new URLSearchParams(base))).not.toHaveProperty('location');
	});

	it('refuses what the catalogue does not sell, so a crafted address adds nothing', () => {
		expect(
			choiceFromFields(new URLSearchParams('plan=palworld-standard&ram=7&storage=100')),
		).toBeNull();
		expect(choiceFromFields(new URLSearchParams('plan=nope&ram=8&storage=100'))).toBeNull();
		expect(
			choiceFromFields(new URLSearchParams('ram=8&storage=100&cycle=weekly'), 'palworld-standard'),
		).toBeNull();
		expect(choiceFromFields(new URLSearchParams(''))).toBeNull();
	});
});
