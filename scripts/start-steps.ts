// What `npm start` prints: one line per step as it finishes, with how long it took; on a terminal
// the line shows "…" while the step runs.

const tty = process.stdout.isTTY === true;
const bold = (text: string) => (tty ? `\x1b[1m${text}\x1b[22m` : text);

export async function step<T>(
	label: string,
	work: () => Promise<T>,
	describe: (value: T) => string,
): Promise<T> {
	const started = performance.now();
	if (tty) process.stdout.write(`  … ${label}`);
	const value = await work();
	const seconds = ((performance.now() - started) / 1000).toFixed(1);
	const line = `  ✓ ${label.padEnd(13)}${describe(value)} (${seconds} s)`;
	process.stdout.write(tty ? `\r\x1b[2K${line}\n` : `${line}\n`);
	return value;
}

/** A line for something already known, in the same column as the steps. */
export function note(label: string, text: string): void {
	console.log(`  ✓ ${label.padEnd(13)}${text}`);
}

/** The closing block: what to open, set apart from the steps above it. */
export function banner(rows: [string, string][]): void {
	const width = Math.max(...rows.map(([label]) => label.length)) + 2;
	console.log(`\n  ${bold('Frostnode is running.')}\n`);
	for (const [label, value] of rows) console.log(`  ${`${label}:`.padEnd(width)} ${bold(value)}`);
	console.log('\n  Stop with Ctrl-C.\n');
}
