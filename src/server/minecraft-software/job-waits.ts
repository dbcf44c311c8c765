import { numberSetting } from '../config/variables';
import { GamePanelError, GamePanelRateLimitedError } from '../game-panel';
import { isShuttingDown, shutdownSignal } from '../http/lifecycle';
import type { ChangeLease } from './lease';

// How the job waits on the game panel: polling at the provisioning's pace (the same setting),
// renewing its lease on every look, and stopping at once when the lease is lost or the site server
// shuts down (the change is then taken up where it stood, resume.ts).

const pollMs = numberSetting('PROVISIONING_POLL_MS', 1000);
const callTries = 4;

/** The lease went to another server, or this one is shutting down: leave the change as it is. */
export class ChangeInterrupted extends Error {
	override name = 'ChangeInterrupted';
}

export const pause = (ms: number) =>
	new Promise<void>((resolve) => {
		if (isShuttingDown()) return resolve();
		const timer = setTimeout(resolve, ms);
		shutdownSignal().addEventListener('abort', () => (clearTimeout(timer), resolve()), {
			once: true,
		});
	});

const retryable = (error: unknown) => error instanceof GamePanelError && error.retryable;

/** Still ours to run: else throws ChangeInterrupted. */
export async function stillOurs(lease: ChangeLease): Promise<void> {
	if (isShuttingDown() || !(await lease.keep())) throw new ChangeInterrupted();
}

/**
 * Looks every poll until `look` answers something (not undefined); null after about `maxMs`. A
 * panel blip (5xx, its rate limit) while waiting is waited out like any other poll.
 */
export async function pollUntil<T>(
	lease: ChangeLease,
	maxMs: number,
	look: () => Promise<T | undefined>,
): Promise<T | null> {
	for (let waited = 0; waited <= maxMs; waited += pollMs) {
		await stillOurs(lease);
		try {
			const seen = await look();
			if (seen !== undefined) return seen;
		} catch (error) {
			if (!retryable(error)) throw error;
		}
		await pause(pollMs);
	}
	return null;
}

/** One panel call, tried again after an outage or its rate limit (at least its Retry-After). */
export async function retried<T>(lease: ChangeLease, call: () => Promise<T>): Promise<T> {
	for (let attempt = 1; ; attempt++) {
		await stillOurs(lease);
		try {
			return await call();
		} catch (error) {
			if (!retryable(error) || attempt >= callTries) throw error;
			const hinted =
				error instanceof GamePanelRateLimitedError ? error.retryAfterSeconds * 1000 : 0;
			await pause(Math.max(hinted, pollMs * 2 ** attempt));
		}
	}
}
