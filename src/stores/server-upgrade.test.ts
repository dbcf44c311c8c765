import { afterEach, describe, expect, it, vi } from 'vitest';
import { findPlan } from '../lib/catalogue';
import { $quote, quoteUpgrade, sameSize, startingChoice } from './server-upgrade';

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

describe('the size an upgrade page starts from', () => {
	const extras = {
		modpackInstallation: false,
		ddosProtection: false,
		dailyBackups: false,
		subdomain: null,
		subdomainExtra: false,
	};
	const game = { type: 'game' as const, ramGb: 4, storageGb: 25, extras };
	const vps = { type: 'vps' as const, ramGb: 2, storageGb: 40, extras };

	it('is the server’s own size, with its storage for a game server', () => {
		const choice = startingChoice({ ...game, extras: { ...extras, subdomainExtra: true } });
		expect(choice).toEqual({ ram: 4, storageGb: 25, extras: ['subDomain'] });
		expect(sameSize(choice, game)).toBe(true);
		expect(sameSize({ ...choice, storageGb: 50 }, game)).toBe(false);
	});

	// Issue 39: a VPS's upgrade asked for its disk as a storage option, which no VPS plan offers
	// ("This storage option is not offered."): its disk follows its memory.
	it('names no storage for a VPS, and is still its own size until more memory is chosen', () => {
		const choice = startingChoice(vps);
		expect(choice).toEqual({ ram: 2, storageGb: null, extras: [] });
		expect(sameSize(choice, vps)).toBe(true);
		expect(sameSize({ ...choice, ram: 4 }, vps)).toBe(false);
	});

	// Issue 42: the Modpacks tab and the install's refusals link here with the extra, or the RAM a
	// pack recommends, ticked already; the customer still confirms the quote and pays first.
	it('starts with the modpack extra or more RAM when a link asks and the plan offers it', () => {
		const minecraft = findPlan('minecraft-budget');
		const palworld = findPlan('palworld-standard');
		const wished = startingChoice(game, { extra: 'modpackInstallation', ramGb: 8 }, minecraft);
		expect(wished).toEqual({ ram: 8, storageGb: 25, extras: ['modpackInstallation'] });
		expect(sameSize(wished, game)).toBe(false);
		// Not on a plan without the extra, never smaller, never off the plan's steps or range.
		expect(startingChoice(game, { extra: 'modpackInstallation' }, palworld)).toEqual({
			ram: 4,
			storageGb: 25,
			extras: [],
		});
		for (const ram of [2, 17, 4.5])
			expect(startingChoice(game, { ramGb: ram }, minecraft).ram).toBe(4);
	});
});
