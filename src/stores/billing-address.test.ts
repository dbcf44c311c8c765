import {
	cleanTestStorage,
	getTestStorage,
	setTestStorageKey,
	useTestStorageEngine,
} from '@nanostores/persistent';
import { cleanStores } from 'nanostores';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { billingDraft } from './billing-address';

const typed = {
	name: 'Ingrid Solberg',
	address: 'Kirkegata 15',
	postcode: '0153',
	city: 'Oslo',
	country: 'NO',
};
const prefill = { name: 'Ingrid', address: '', postcode: '', city: '', country: 'DK' };
const key = 'frostnode:billing-draft:checkout';

beforeAll(() => useTestStorageEngine());
afterEach(() => {
	cleanTestStorage();
	cleanStores(billingDraft('checkout').store);
});

describe('billing draft', () => {
	it('keeps what the customer typed, so a reload restores it over the profile', () => {
		billingDraft('checkout').save('user-1', typed);
		expect(JSON.parse(getTestStorage()[key]!)).toEqual({ owner: 'user-1', billing: typed });
		expect(billingDraft('checkout').restore('user-1', prefill)).toEqual(typed);
	});

	it('never shows one customer’s address to another signed in on the same browser', () => {
		billingDraft('checkout').save('user-1', typed);
		expect(billingDraft('checkout').restore('user-2', prefill)).toEqual(prefill);
	});

	it('keeps nothing before it knows whose address it is', () => {
		billingDraft('checkout').save('', typed);
		expect(getTestStorage()[key]).toBeUndefined();
	});

	it('stores only the address fields', () => {
		billingDraft('checkout').save('user-1', { ...typed, card: '4242 4242 4242 4242' } as never);
		expect(getTestStorage()[key]).not.toContain('4242');
	});

	it.each([
		'not json',
		JSON.stringify({ owner: 'user-1', billing: { ...typed, city: 7 } }),
		JSON.stringify({ owner: 'user-1', billing: { ...typed, address: 'x'.repeat(201) } }),
		JSON.stringify({ billing: typed }),
	])('ignores a stored draft it cannot trust: %s', (raw) => {
		setTestStorageKey(key, raw);
		expect(billingDraft('checkout').restore('user-1', prefill)).toEqual(prefill);
	});

	it('is forgotten once cleared', () => {
		billingDraft('checkout').save('user-1', typed);
		billingDraft('checkout').clear();
		expect(getTestStorage()[key]).toBeUndefined();
		expect(billingDraft('checkout').restore('user-1', prefill)).toEqual(prefill);
	});
});
