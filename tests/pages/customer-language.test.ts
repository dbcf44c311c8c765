import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import Footer from '../../src/components/site/Footer.astro';
import { pickStrings } from '../../src/i18n';
import { progressKeys, unpaidMessage } from '../../src/islands/checkout/progress-strings';

// Texts a customer reads that used to stay English whatever the page's language.

const container = await AstroContainer.create();

describe('the footer', () => {
	it('names the card payment method in the page’s language', async () => {
		const html = await container.renderToString(Footer, { props: { locale: 'de' } });
		expect(html).toMatch(/Wir akzeptieren: <span[^>]*>Karte · PayPal · MobilePay<\/span>/);
		expect(html).not.toMatch(/\bCard\b/);
	});
});

describe('the declined payment on the order page', () => {
	it('explains the gateway’s reason in the reader’s language, never its raw code', () => {
		const de = pickStrings('de', progressKeys);
		const text = unpaidMessage({ reason: 'declined', cancelled: false }, de);
		expect(text).toContain('die Bank hat die Zahlung abgelehnt.');
		expect(text).not.toContain('declined');
		expect(unpaidMessage({ reason: 'insufficient_funds', cancelled: false }, de)).toContain(
			'nicht genug Geld',
		);
		const no = pickStrings('no', progressKeys);
		expect(unpaidMessage({ reason: 'card_declined', cancelled: false }, no)).toContain(
			'banken avviste kortet.',
		);
	});
});
