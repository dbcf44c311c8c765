import { describe, expect, it } from 'vitest';
import { requiresSignIn } from './guard';

describe('requiresSignIn', () => {
	it.each([
		'/panel',
		'/panel/',
		'/panel/billing',
		'/account',
		'/billing/invoices/1',
		'/checkout',
		'/checkout/complete',
		'/da/panel',
		'/no/checkout',
		'/de/account/x',
		'/en/panel',
		'/PANEL',
	])('%s needs a signed-in customer', (path) => expect(requiresSignIn(path)).toBe(true));
	it.each([
		'/',
		'/games',
		'/panelist',
		'/da',
		'/da/games',
		'/login',
		'/cart',
		'/help/articles/billing/x',
		'/fr/panel',
		'/da/da/panel',
	])('%s is public', (path) => expect(requiresSignIn(path)).toBe(false));
});
