// One figure measured on both engines, shown side by side with the bar PostgreSQL is held to.
// Only PostgreSQL is judged: the targets are for a production database server, and the PGlite
// column is there to show what the change of engine bought.

export type EngineName = 'PGlite' | 'PostgreSQL';
export const engineNames: readonly EngineName[] = ['PGlite', 'PostgreSQL'];

export type Unit = 'ms' | 's' | '×' | '/s' | '';

/** `below` is strict (< value), `atMost` is not (≤ value). */
export interface Target {
	kind: 'below' | 'atMost';
	value: number;
}

export interface Figure {
	name: string;
	unit: Unit;
	values: Partial<Record<EngineName, number>>;
	target?: Target;
}

export type TableRow = Record<string, string>;

const decimals: Record<Unit, number> = { ms: 1, s: 2, '×': 2, '/s': 1, '': 1 };

const withUnit = (number: string, unit: Unit) =>
	unit === '×' ? `${number}×` : unit === '' ? number : `${number} ${unit}`;

export function formatValue(value: number | undefined, unit: Unit): string {
	if (value === undefined || !Number.isFinite(value)) return '—';
	return withUnit(value.toFixed(decimals[unit]), unit);
}

export function meets(value: number, target: Target): boolean {
	return target.kind === 'below' ? value < target.value : value <= target.value;
}

function describeTarget(target: Target, unit: Unit): string {
	// A bar is a round number: written as given, not to the figures' decimals.
	return `${target.kind === 'below' ? '<' : '≤'} ${withUnit(String(target.value), unit)}`;
}

function verdict(figure: Figure): string {
	const value = figure.values.PostgreSQL;
	if (!figure.target) return '';
	if (value === undefined || !Number.isFinite(value)) return 'not measured';
	return meets(value, figure.target) ? 'met' : 'MISSED';
}

/** The rows of one figure's table: the PGlite and PostgreSQL columns, then PostgreSQL's target. */
export function comparisonRows(figures: Figure[]): TableRow[] {
	return figures.map((figure) => ({
		measure: figure.name,
		...Object.fromEntries(
			engineNames.map((engine) => [engine, formatValue(figure.values[engine], figure.unit)]),
		),
		'PostgreSQL target': figure.target ? describeTarget(figure.target, figure.unit) : '',
		'target is': verdict(figure),
	}));
}
