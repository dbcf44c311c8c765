/**
 * `node scripts/env-table.ts`: every environment variable of the registry
 * (`src/server/config/variables.ts`) as markdown, one table per group in the registry's order. Its
 * output is pasted into docs/operations.md between `<!-- env-table:start -->` and
 * `<!-- env-table:end -->`; `scripts/env-table.test.ts` fails when the two differ.
 *
 * The tables are printed the way Prettier formats markdown (padded, aligned columns), so
 * `npm run format` leaves the pasted text as it is. Examples are literal values and shown as code;
 * an example that already contains backticks is markdown and shown as written. A default without
 * spaces is a value (code); one with spaces is a sentence.
 */
import { variables, type Variable } from '../src/server/config/variables.ts';

const header = ['Variable', 'Required', 'Default', 'Example', 'What it does'];

/** Display width as Prettier counts it for this text (no wide or combining characters here). */
const width = (text: string) => [...text].length;

const cell = (text: string) => text.replace(/\|/g, '\\|');
const code = (text: string) => `\`${text}\``;

function defaultOf(variable: Variable): string {
	const value = variable.default;
	if (value === undefined) return '—';
	return /\s|`/.test(value) ? value : code(value);
}

function exampleOf(variable: Variable): string {
	return variable.example.includes('`') ? variable.example : code(variable.example);
}

function row(variable: Variable): string[] {
	return [
		code(variable.name),
		variable.required === 'production' ? 'production' : 'no',
		defaultOf(variable),
		exampleOf(variable),
		variable.does,
	].map(cell);
}

function table(rows: string[][]): string {
	const widths = header.map((_, i) =>
		Math.max(3, ...[header, ...rows].map((cells) => width(cells[i] ?? ''))),
	);
	const line = (cells: string[]) =>
		`| ${cells.map((text, i) => text + ' '.repeat((widths[i] ?? 0) - width(text))).join(' | ')} |`;
	return [
		line(header),
		`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
		...rows.map(line),
	].join('\n');
}

/** The markdown of every variable, grouped as the registry groups them. */
export function envTable(): string {
	const groups = [...new Set(variables.map((variable) => variable.group))];
	return groups
		.map((group) => {
			const rows = variables.filter((variable) => variable.group === group).map(row);
			return `### ${group}\n\n${table(rows)}`;
		})
		.join('\n\n');
}

if (import.meta.main) console.log(envTable());
