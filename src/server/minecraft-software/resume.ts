import { inBackground, isShuttingDown } from '../http/lifecycle';
import { logger } from '../log/logger';
import type { AdminClient } from '../supabase/admin-client';
import { runSoftwareChange } from './job';
import { pause } from './job-waits';
import { changeLeaseSeconds, takeChangeLease } from './lease';

// Software changes a site server was running when it stopped (their lease ran out, or it released
// it shutting down) are taken up again: by a starting site server (`POST /api/internal/after-start`)
// and by each billing run (`POST /api/cron/billing`). The lease lets one server go on with each:
// it is taken before anything is said or started, as two servers may see the same change waiting.

/** Takes the change's lease and goes on with it in the background; false: another server has it. */
async function goOn(admin: AdminClient, id: string): Promise<boolean> {
	const lease = await takeChangeLease(admin, id);
	if (!lease) return false;
	logger.warn('resuming an interrupted software change', { changeId: id });
	inBackground(
		runSoftwareChange(admin, id, { holder: lease.holder }).catch((failure: unknown) =>
			logger.error('software change failed', { changeId: id, error: failure }),
		),
	);
	return true;
}

async function toResume(admin: AdminClient): Promise<string[]> {
	const { data, error } = await admin.rpc('software_installs_to_resume', { max_rows: 50 });
	if (error) throw new Error(`software changes to resume: ${error.message}`);
	return data;
}

/** The billing run's net: every change nobody runs now, taken up in the background; how many. */
export async function resumeSoftwareChanges(admin: AdminClient): Promise<number> {
	let taken = 0;
	for (const id of await toResume(admin)) if (await goOn(admin, id)) taken++;
	return taken;
}

/**
 * When a site server starts: takes up every change nobody runs, looking again for two lease
 * lengths so one held by a server that died just before is taken up as soon as its lease runs out.
 */
export async function resumeSoftwareChangesAfterStart(
	admin: AdminClient,
	everyMs = (changeLeaseSeconds * 1000) / 4,
): Promise<void> {
	const until = Date.now() + 2 * changeLeaseSeconds * 1000;
	while (!isShuttingDown()) {
		// One this server runs already holds a lease it renews: it is not listed, nor taken twice.
		for (const id of await toResume(admin)) await goOn(admin, id);
		if (Date.now() >= until) return;
		await pause(everyMs);
	}
}
