import { HypervisorError, HypervisorUnavailableError } from './errors';
import type { Call } from './proxmox-http';
import { read, taskLogSchema, taskStatusSchema, upidSchema } from './proxmox-schemas';

// Every Proxmox change is a task with a UPID, `UPID:<node>:...`: polled on the node it names until
// it stopped. Success is exactly "OK" (or "WARNINGS: n"); anything else is the failure text, kept
// with the task's last log lines so an operator sees why without opening Proxmox.

export interface Polling {
	/** First polls this often (ms), for the first ten of them; then `slowMs`. */
	fastMs: number;
	slowMs: number;
	/** Give up (retryable: the task may still finish) after this long. */
	deadlineMs: number;
}

export const defaultPolling: Polling = { fastMs: 1000, slowMs: 3000, deadlineMs: 10 * 60_000 };

const keptLines = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitTask(call: Call, raw: unknown, polling: Polling): Promise<void> {
	const upid = read(upidSchema, raw, 'a task');
	const node = upid.split(':')[1] ?? '';
	const base = `/nodes/${encodeURIComponent(node)}/tasks/${encodeURIComponent(upid)}`;
	const started = Date.now();
	for (let poll = 0; ; poll++) {
		const status = read(taskStatusSchema, await call('GET', `${base}/status`), 'a task status');
		if (status.status === 'stopped') {
			const exit = status.exitstatus ?? '';
			if (exit === 'OK' || exit.startsWith('WARNINGS')) return;
			const log = read(
				taskLogSchema,
				await call('GET', `${base}/log`, { start: 0, limit: 5000 }),
				'a task log',
			);
			throw new HypervisorError(`Proxmox task ${upid.split(':')[5]} failed: ${exit}`, {
				taskLog: log.slice(-keptLines).map((line) => line.t),
			});
		}
		if (Date.now() - started > polling.deadlineMs)
			throw new HypervisorUnavailableError(`Proxmox task ${upid} still running`);
		await sleep(poll < 10 ? polling.fastMs : polling.slowMs);
	}
}
