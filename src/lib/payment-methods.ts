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
const matrix: Record<Currency, readonly PaymentMethodKind[]> = {
	USD: ['card', 'paypal'],
	EUR: ['card', 'paypal', 'mobilepay'],
	DKK: ['card', 'paypal', 'mobilepay'],
	NOK: ['card', 'paypal', 'mobilepay'],
	SEK: ['card', 'paypal', 'mobilepay'],
};

export function methodsFor(currency: string): PaymentMethodKind[] {
	const code = currency.toUpperCase();
	return isCurrency(code) ? [...matrix[code]] : [];
}

/** Every method checkout offers in at least one currency: what the site may say it accepts. */
export function acceptedMethods(): PaymentMethodKind[] {
	return [...new Set(currencies.flatMap((currency) => matrix[currency]))];
}
