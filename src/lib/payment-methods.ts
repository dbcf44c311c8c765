import { currencies, isCurrency, type Currency } from './domain/currency';
import type { PaymentMethodKind } from './domain/payment-method';

// Which payment method each currency offers: both gateways take it, checkout offers exactly that,
// and the footer promises only what checkout offers somewhere.

/**
 * Which methods a currency can be paid with, the same for both gateways so what a customer picks
 * locally is what production offers. Cards take all five currencies; PayPal (for a Stripe account
 * in Europe) takes all five too; MobilePay presents only DKK, EUR, NOK and SEK (its customers are in
 * Denmark and Finland) and is single-use, so it is never saved for renewals. Vipps is not offered
 * (a Stripe private preview). src/server/payments/README.md has the sources.
 */
const everywhere = ['card', 'paypal'] as const satisfies readonly PaymentMethodKind[];
const mobilePayCurrencies: readonly Currency[] = ['EUR', 'DKK', 'NOK', 'SEK'];

function offered(currency: Currency): readonly PaymentMethodKind[] {
	return mobilePayCurrencies.includes(currency) ? [...everywhere, 'mobilepay'] : everywhere;
}

export function methodsFor(currency: string): PaymentMethodKind[] {
	const code = currency.toUpperCase();
	return isCurrency(code) ? [...offered(code)] : [];
}

/** Every method checkout offers in at least one currency: what the site may say it accepts. */
export function acceptedMethods(): PaymentMethodKind[] {
	return [...new Set(currencies.flatMap(offered))];
}
