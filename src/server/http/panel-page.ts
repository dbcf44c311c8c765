import { currencies } from '../../lib/catalogue';
import { getPaymentGateway } from '../payments';

// What a panel page hands its islands: the strings (pure, src/lib/panel/island-props.ts, where
// shared components take it from too) and what the configured gateway offers.
export { panelIslandProps } from '../../lib/panel/island-props';

/** The payment methods the configured gateway offers in each currency. */
export function paymentMethodsByCurrency() {
	const gateway = getPaymentGateway();
	return Object.fromEntries(currencies.map((c) => [c, gateway.methodsFor(c)]));
}
