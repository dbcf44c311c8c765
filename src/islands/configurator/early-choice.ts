import { isCurrency, type Currency } from '../../lib/catalogue';
import { choiceFromFields } from '../../lib/configurator-fields';
import type { ServerChoice } from '../../lib/pricing';

export interface EarlyChoice {
	choice: ServerChoice | null;
	currency: Currency | null;
}

/**
 * What the server-rendered configurator form holds while its island starts: the visitor may have
 * clicked before the code arrived. Read before React's first commit, which resets the inputs.
 */
export function earlyChoice(planId: string): EarlyChoice | null {
	if (typeof document === 'undefined') return null;
	const form = document.querySelector<HTMLFormElement>('form[data-configurator]');
	if (!form) return null;
	const fields = new URLSearchParams();
	for (const [name, value] of new FormData(form))
		if (typeof value === 'string') fields.append(name, value);
	const currency = fields.get('currency');
	return {
		choice: choiceFromFields(fields, planId),
		currency: isCurrency(currency) ? currency : null,
	};
}
