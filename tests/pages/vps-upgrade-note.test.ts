import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UpgradeQuoteView } from '../../src/islands/panel/servers/UpgradeQuoteView';
import { panelTools } from '../../src/islands/panel/shared/context';
import { dictionaries, locales, type Locale } from '../../src/i18n';
import type { ServerDetail } from '../../src/lib/panel/types';
import { $quote } from '../../src/stores/server-upgrade';

// An upgrade's quote tells a VPS's owner that the new cores and memory wait for a restart, in
// their language, and says nothing of it for a game server.

const quote = {
	daysLeft: 14,
	daysInPeriod: 28,
	net: 100,
	tax: 25,
	total: 125,
	taxPercent: 25,
	currency: 'EUR',
	oldAmount: 500,
	newAmount: 700,
};

function render(type: 'game' | 'vps', locale: Locale) {
	$quote.set({ state: 'ready', quote });
	// Only what the quote view reads of the server.
	const server = {
		id: 'c0ffee00-0000-4000-8000-000000000999',
		type,
		subscription: { currency: 'EUR', cycle: 'monthly' },
	} as unknown as ServerDetail;
	const tools = panelTools({
		locale,
		intl: locales[locale].intl,
		prefix: '',
		strings: dictionaries[locale],
	});
	return renderToString(
		createElement(UpgradeQuoteView, {
			server,
			choice: { ram: 4, storageGb: null, extras: [] },
			methods: ['card'],
			locale,
			prefix: '',
			tools,
		}),
	);
}

describe('the upgrade quote of a VPS', () => {
	it.each(Object.keys(locales) as Locale[])(
		'says cores and memory apply at the next restart (%s)',
		(locale) => {
			const html = render('vps', locale);
			expect(html).toContain('data-vps-reboot');
			expect(html).toContain(dictionaries[locale]['billing.vps.upgradeReboot']!.slice(0, 20));
		},
	);

	it('says nothing of a restart for a game server', () => {
		expect(render('game', 'en')).not.toContain('data-vps-reboot');
	});
});
