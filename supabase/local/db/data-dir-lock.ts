import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// PGlite has no lock of its own: two processes on one data folder would corrupt it. A pid file
// refuses the second; a pid file left by a killed process is recognised as stale and replaced.

function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

const lockedHere = new Set<string>();

export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
	if (lockedHere.has(dataDir))
		throw new Error(`a local stack in this process is already using ${dataDir}`);
	await mkdir(dataDir, { recursive: true });
	const file = join(dataDir, 'stack.pid');
	try {
		const pid = Number((await readFile(file, 'utf8')).trim());
		if (pid && pid !== process.pid && isAlive(pid)) {
			throw new Error(`another local stack (pid ${pid}) is using ${dataDir}; stop it first`);
		}
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
	}
	await writeFile(file, `${process.pid}\n`);
	lockedHere.add(dataDir);
	return async () => {
		lockedHere.delete(dataDir);
		await unlink(file).catch(() => {});
	};
}
