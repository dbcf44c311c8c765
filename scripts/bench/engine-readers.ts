import type { Row } from './buyers.ts';

// How the engine comparison reads one figure out of the rows the benches return (checkout.ts,
// vps.ts, sign-in-flood.ts, billing.ts): by scenario and column, undefined when it is not there.

/** The benches' rows as they return them, for one engine; a bench that failed is left out. */
export interface EngineRun {
	checkout?: { rows: Row[]; codeUses: string };
	/** Pay → VPS running, hypervisor delays 0. */
	vps?: Row;
	signInFlood?: Row[];
	billing?: Row[];
}

export type Read = (run: EngineRun) => number | undefined;

export const numberIn = (row: Row | undefined, column: string): number | undefined => {
	const value = row?.[column];
	return typeof value === 'number' ? value : undefined;
};

export const checkout =
	(concurrency: number, column: string): Read =>
	(run) =>
		numberIn(
			run.checkout?.rows.find(
				(row) => row.scenario === 'POST /api/checkout' && row.concurrency === concurrency,
			),
			column,
		);
export const gameServer =
	(column: string): Read =>
	(run) =>
		numberIn(
			run.checkout?.rows.find((row) => String(row.scenario).startsWith('Pay on the test gateway')),
			column,
		);
export const flood =
	(during: boolean, column: string): Read =>
	(run) =>
		numberIn(
			run.signInFlood?.find((row) =>
				String(row.scenario).startsWith(during ? 'panel read while' : 'panel read alone'),
			),
			column,
		);
export const slowdown =
	(column: string): Read =>
	(run) => {
		const alone = flood(false, column)(run);
		const during = flood(true, column)(run);
		return alone && during !== undefined ? during / alone : undefined;
	};
export const billing =
	(first: boolean, column: string): Read =>
	(run) =>
		numberIn(run.billing?.[first ? 0 : 1], column);
