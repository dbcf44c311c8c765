import { afterEach, describe, expect, it, vi } from 'vitest';
import { $quote, quoteUpgrade } from './server-upgrade';

const choice = { ram: 8, storageGb: 25, extras: [] };
const refused = (code: string, message: string) =>
	vi
		.fn()
		.mockResolvedValue(new Response(JSON.stringify({ error: { code, message } }), { status: 409 }));

describe('the upgrade quote', () => {
	afterEach(() => $quote.set({ state: 'idle' }));

	it('shows no error for the size the server has, before the customer chooses anything', async () => {
		const fetcher = refused('not_an_upgrade', 'Choose more RAM');
		await quoteUpgrade('s1', choice, 'en', 'fallback', { unchanged: true, fetcher });
		expect(fetcher).toHaveBeenCalledOnce();
		expect($quote.get()).toEqual({ state: 'idle' });
	});

	it('still says at once why no upgrade is possible (an unpaid invoice)', async () => {
		const fetcher = refused('unpaid_invoice', 'Pay the invoice first');
		await quoteUpgrade('s1', choice, 'en', 'fallback', { unchanged: true, fetcher });
		expect($quote.get()).toEqual({ state: 'error', message: 'Pay the invoice first' });
	});

	it('refuses a chosen change that is no upgrade with its reason', async () => {
		const fetcher = refused('not_an_upgrade', 'Choose more RAM');
		await quoteUpgrade('s1', choice, 'en', 'fallback', { unchanged: false, fetcher });
		expect($quote.get()).toEqual({ state: 'error', message: 'Choose more RAM' });
	});
});
