// Invoice numbers are `INV-<year>-<6 digits>` from a row-locked counter per year
// (private.next_number, supabase/migrations/20261126220000_one_invoice_rule.sql), starting at 1:
// within a year the numbers must be exactly 1…n, each once.

export interface NumberSeries {
	year: string;
	count: number;
	first: number;
	last: number;
	/** Numbers between 1 and the highest that no invoice has. */
	gaps: number[];
	/** Numbers held by more than one invoice. */
	duplicates: number[];
	/** Numbers not of the form INV-YYYY-NNNNNN. */
	malformed: string[];
}

const pattern = /^INV-(\d{4})-(\d{6})$/;

export function invoiceSeries(numbers: string[]): NumberSeries[] {
	const byYear = new Map<string, number[]>();
	const malformed: string[] = [];
	for (const number of numbers) {
		const match = pattern.exec(number);
		if (!match) {
			malformed.push(number);
			continue;
		}
		const list = byYear.get(match[1]!) ?? [];
		list.push(Number(match[2]));
		byYear.set(match[1]!, list);
	}
	const series = [...byYear].map(([year, list]) => {
		const sorted = list.toSorted((a, b) => a - b);
		const seen = new Set<number>();
		const duplicates = new Set<number>();
		for (const n of sorted) (seen.has(n) ? duplicates : seen).add(n);
		const last = sorted.at(-1) ?? 0;
		const gaps: number[] = [];
		for (let n = 1; n <= last; n++) if (!seen.has(n)) gaps.push(n);
		return {
			year,
			count: sorted.length,
			first: sorted[0] ?? 0,
			last,
			gaps,
			duplicates: [...duplicates],
			malformed: [] as string[],
		};
	});
	if (malformed.length > 0)
		series.push({ year: '?', count: 0, first: 0, last: 0, gaps: [], duplicates: [], malformed });
	return series.toSorted((a, b) => a.year.localeCompare(b.year));
}

/** Consecutive from 1 with no gap, duplicate or malformed number, in every year. */
export const gapless = (series: NumberSeries[]) =>
	series.every((s) => s.gaps.length === 0 && s.duplicates.length === 0 && s.malformed.length === 0);
