import { formatDate } from '../../../lib/format-date';
import { formatMoney } from '../../../lib/format-money';

/** What every panel island receives from its page: language, strings and where links go. */
export interface PanelProps {
	locale: string;
	/** The Intl locale (nb-NO) for money and dates. */
	intl: string;
	/** '' for English, '/no', '/da', '/de': prefixed to the panel's paths. */
	prefix: string;
	strings: Record<string, string>;
}

/** Helpers bound to a page's props, so components write `money(x, 'EUR')` and `t('key')`. */
export function panelTools(props: PanelProps) {
	const { intl, prefix, strings } = props;
	return {
		intl,
		t: (key: string) => strings[key] ?? key,
		money: (minor: number, currency: string) => formatMoney(minor, currency, intl),
		date: (iso: string | null) => (iso ? formatDate(iso, intl) : ''),
		path: (path: string) => `${prefix}${path}`,
	};
}

export type PanelTools = ReturnType<typeof panelTools>;
