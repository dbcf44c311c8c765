import { fill } from '../../../lib/fill';
import type { AffiliateTier } from '../../../lib/panel/affiliate';

const percents = new Map<string, Intl.NumberFormat>();
const months = new Map<string, Intl.DateTimeFormat>();

/** A commission rate as the reader writes it: `5%` in English, `5 %` in German and Nordic. */
export function formatPercent(percent: number, intl: string): string {
	let format = percents.get(intl);
	if (!format) {
		format = new Intl.NumberFormat(intl, { style: 'percent', maximumFractionDigits: 2 });
		percents.set(intl, format);
	}
	return format.format(percent / 100);
}

/** An invoice month (its first day, YYYY-MM-DD) as `November 2026`, in the reader's language. */
export function formatMonth(day: string, intl: string): string {
	let format = months.get(intl);
	if (!format) {
		format = new Intl.DateTimeFormat(intl, { month: 'long', year: 'numeric', timeZone: 'UTC' });
		months.set(intl, format);
	}
	const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
	return Number.isNaN(date.getTime()) ? day : format.format(date);
}

/** What a tier pays: "5% from your first paying customer", "10% from 10 paying customers". */
export function tierText(tier: AffiliateTier, t: (key: string) => string, intl: string): string {
	const percent = formatPercent(tier.percent, intl);
	return tier.minCustomers <= 1
		? fill(t('affiliate.tier.first'), { percent })
		: fill(t('affiliate.tier.from'), { percent, count: tier.minCustomers });
}
