import { readFileSync } from 'node:fs';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// PGlite has no lock of its own: two processes on one data folder would corrupt it. A lock file
// refuses the second. It names the process by pid *and* start time, so a pid reused after a crash
// or a reboot (any live process that happens to get it) is not mistaken for the stack.

interface Holder {
	pid: number;
	/** The kernel's start time of the process (Linux /proc), when the system offers it. */
	started?: string;
}

/** Field 22 of /proc/<pid>/stat: start time in clock ticks since boot; unique with the pid. */
function startTimeOf(pid: number): string | undefined {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		// The command name (field 2) may hold spaces and parentheses: count from its closing one.
		return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
	} catch {
		return undefined;
	}
}

function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

function holds({ pid, started }: Holder): boolean {
	if (!pid || pid === process.pid || !isAlive(pid)) return false;
	// Where start times are known on both sides they must agree; elsewhere the pid has to do.
	const now = startTimeOf(pid);
	return started === undefined || now === undefined || now === started;
}

function parse(text: string): Holder {
	try {
		const value = JSON.parse(text) as Partial<Holder>;
		return { pid: Number(value.pid), ...(value.started ? { started: value.started } : {}) };
	} catch {
		return { pid: Number(text.trim()) };
	}
}

const lockedHere = new Set<string>();

export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
	if (lockedHere.has(dataDir))
		throw new Error(`a local stack in this process is already using ${dataDir}`);
	await mkdir(dataDir, { recursive: true });
	const file = join(dataDir, 'stack.pid');
	try {
		const holder = parse(await readFile(file, 'utf8'));
		if (holds(holder)) {
			throw new Error(
				`another local stack (process ${holder.pid}) is using ${dataDir}. Stop it first ` +
					`(Ctrl-C where it runs, e.g. another "npm start", or kill ${holder.pid}), or give ` +
					`this one another data folder (--data-dir).`,
			);
		}
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
	}
	const started = startTimeOf(process.pid);
	await writeFile(
		file,
		`${JSON.stringify({ pid: process.pid, ...(started ? { started } : {}) })}\n`,
	);
	lockedHere.add(dataDir);
	return async () => {
		lockedHere.delete(dataDir);
		await unlink(file).catch(() => {});
	};
}
