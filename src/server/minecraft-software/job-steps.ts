import type { SoftwareInstallError } from '../../lib/domain/software-change';
import {
	GamePanelConflictError,
	GamePanelNotFoundError,
	GamePanelRefusedError,
	type GamePanel,
	type ServerRef,
	type ServerState,
} from '../game-panel';
import type { Change } from './change';
import { pollUntil, retried } from './job-waits';
import type { ChangeLease } from './lease';

// The job's steps that take more than one panel call: stopping the server and handing the panel
// the install once; and what a failure means. Putting the backup back is restore.ts.

const stopWaitMs = 3 * 60_000;
const killWaitMs = 60_000;

/** A step ended in a way the change fails for. */
export class ChangeFailed extends Error {
	override name = 'ChangeFailed';
	constructor(readonly reason: SoftwareInstallError) {
		super(`software change failed: ${reason}`);
	}
}

/** What a thrown failure means for the customer: the panel refused a step, or did not answer. */
export function failureOf(error: unknown): SoftwareInstallError {
	if (error instanceof ChangeFailed) return error.reason;
	if (
		error instanceof GamePanelConflictError ||
		error instanceof GamePanelRefusedError ||
		error instanceof GamePanelNotFoundError
	)
		return 'panel_refused';
	return 'panel_unavailable';
}

const stoppedOrNot = (state: ServerState) =>
	state === 'offline' || state === 'install_failed'
		? 'offline'
		: state === 'suspended'
			? 'suspended'
			: undefined;

/** Stops the server and waits until it is offline; killed when a stop takes too long. */
export async function stopServer(lease: ChangeLease, panel: GamePanel, ref: ServerRef) {
	const { state } = await retried(lease, () => panel.state(ref));
	// Already installing: the panel took the install before this server was cut off.
	if (state === 'installing' || stoppedOrNot(state) === 'offline') return;
	if (stoppedOrNot(state) === 'suspended') throw new ChangeFailed('panel_refused');
	const look = async () => stoppedOrNot((await panel.state(ref)).state);
	await retried(lease, () => panel.power(ref, 'stop'));
	let end = await pollUntil(lease, stopWaitMs, look);
	if (end === null) {
		await retried(lease, () => panel.power(ref, 'kill'));
		end = await pollUntil(lease, killWaitMs, look);
	}
	if (end !== 'offline') throw new ChangeFailed(end === null ? 'timed_out' : 'panel_refused');
}

/**
 * Hands the panel the install, once: a call that failed while the panel did take it (it answers
 * `installing`) counts as taken, and a server already installing (cut off after the call) is left
 * to it.
 */
export async function installAccepted(
	lease: ChangeLease,
	panel: GamePanel,
	ref: ServerRef,
	change: Pick<Change, 'install' | 'fresh_world'>,
): Promise<void> {
	const installing = async () => (await panel.state(ref)).state === 'installing';
	if (await retried(lease, installing)) return;
	await retried(lease, async () => {
		try {
			await panel.installSoftware(ref, change.install, { freshWorld: change.fresh_world });
		} catch (error) {
			if (!(await installing().catch(() => false))) throw error;
		}
	});
}
