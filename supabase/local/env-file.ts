import { readFile, writeFile } from 'node:fs/promises';

// Writes the stack's URL and keys into .env.local, replacing only those variables: other lines
// (comments, the developer's own settings) are kept as they are, and an unchanged file is left alone.

export async function updateEnvFile(file: string, values: Record<string, string>): Promise<void> {
	let before = '';
	try {
		before = await readFile(file, 'utf8');
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
	}
	const lines = before === '' ? [] : before.split('\n');
	if (lines[lines.length - 1] === '') lines.pop();
	const pending = new Map(Object.entries(values));
	const updated = lines.map((line) => {
		const name = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1];
		if (name === undefined || !pending.has(name)) return line;
		const value = pending.get(name) as string;
		pending.delete(name);
		return `${name}=${value}`;
	});
	for (const [name, value] of pending) updated.push(`${name}=${value}`);
	const after = `${updated.join('\n')}\n`;
	// Unchanged content is not written again: tools that watch the file (a build's staleness check)
	// would take a new modification time for a change.
	if (after !== before) await writeFile(file, after);
}
