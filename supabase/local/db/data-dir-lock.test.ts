import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './data-dir-lock.ts';

// The data-folder lock names its process by pid and start time, so only the stack itself holds it.

const onLinux = process.platform === 'linux';
const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
	for (const child of children.splice(0)) child.kill();
});

async function folderLockedBy(content: string): Promise<string> {
	const dir = await mkdtemp(join(tmpdir(), 'lock-test-'));
	await writeFile(join(dir, 'stack.pid'), content);
	return dir;
}

function startTimeOf(pid: number): string {
	const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
	return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
}

describe('the data-folder lock', () => {
	it.runIf(onLinux)(
		'is refused while the process that took it runs, saying what to do',
		async () => {
			const child = spawn('sleep', ['30']);
			children.push(child);
			const pid = child.pid!;
			const dir = await folderLockedBy(JSON.stringify({ pid, started: startTimeOf(pid) }));
			await expect(acquireDataDirLock(dir)).rejects.toThrow(
				new RegExp(`process ${pid}\\) is using .*Stop it first.*kill ${pid}.*--data-dir`),
			);
		},
	);

	it.runIf(onLinux)('is taken over from a live process that only reuses the pid', async () => {
		const child = spawn('sleep', ['30']);
		children.push(child);
		const dir = await folderLockedBy(JSON.stringify({ pid: child.pid, started: '1' }));
		const release = await acquireDataDirLock(dir);
		expect(JSON.parse(await readFile(join(dir, 'stack.pid'), 'utf8'))).toMatchObject({
			pid: process.pid,
		});
		await release();
	});

	it('is taken over from a process that is gone, in the old pid-only form too', async () => {
		const child = spawn(process.execPath, ['-e', '']);
		await new Promise((resolve) => child.once('exit', resolve));
		const release = await acquireDataDirLock(await folderLockedBy(`${child.pid}\n`));
		await release();
	});
});
