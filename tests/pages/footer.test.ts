import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import Footer from '../../src/components/site/Footer.astro';
import { localeCodes, useTranslations } from '../../src/i18n';
import { currencies } from '../../src/lib/catalogue';
import { getPaymentGateway } from '../../src/server/payments';

const container = await AstroContainer.create();

describe('the footer', () => {
	// What checkout offers (its pages hand the gateway's methods per currency to the island).
	const gateway = getPaymentGateway({});
	const offered = [...new Set(currencies.flatMap((currency) => gateway.methodsFor(currency)))];

	it.each(localeCodes)(
		'promises in %s exactly the payment methods checkout offers',
		async (locale) => {
			const html = await container.renderToString(Footer, { props: { locale } });
			const t = useTranslations(locale);
			const listed = /data-payment-methods[^>]*>([^<]*)</.exec(html)?.[1] ?? '';
			expect(listed.split(' · ')).toEqual(offered.map((kind) => t(`checkout.method.${kind}`)));
			expect(html).not.toMatch(/vipps/i);
		},
	);
});
