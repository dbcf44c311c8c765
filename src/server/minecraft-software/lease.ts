import { randomUUID } from 'node:crypto';
import type { AdminClient } from '../supabase/admin-client';

// Who runs a software change now: a short lease on its row (`software_install_lease`), renewed
// while the job works, so two site servers never run one change and a change cut off by a stopped
// server is taken up by the next (resume.ts) as soon as the lease runs out.

export const changeLeaseSeconds = 20;
const renewAfterMs = (changeLeaseSeconds * 1000) / 4;

export interface ChangeLease {
	readonly holder: string;
	/** Renews when due; false once lost (another server took over, or the change finished). */
	keep(): Promise<boolean>;
	release(): Promise<void>;
}

/** The lease `holder` already has (it began the change); renewed and released like any other. */
export function heldLease(admin: AdminClient, changeId: string, holder: string): ChangeLease {
	let renewedAt = Date.now();
	let held = true;
	return {
		holder,
		async keep() {
			if (!held || Date.now() - renewedAt < renewAfterMs) return held;
			held = await take(admin, changeId, holder);
			renewedAt = Date.now();
			return held;
		},
		async release() {
			held = false;
			const { error } = await admin.rpc('software_install_release', { change: changeId, holder });
			if (error) throw new Error(`software change lease: ${error.message}`);
		},
	};
}

/** The right to run a change: null while another holder's lease runs or once it finished. */
export async function takeChangeLease(
	admin: AdminClient,
	changeId: string,
): Promise<ChangeLease | null> {
	const holder = randomUUID();
	return (await take(admin, changeId, holder)) ? heldLease(admin, changeId, holder) : null;
}

async function take(admin: AdminClient, changeId: string, holder: string): Promise<boolean> {
	const { data, error } = await admin.rpc('software_install_lease', {
		change: changeId,
		holder,
		seconds: changeLeaseSeconds,
	});
	if (error) throw new Error(`software change lease: ${error.message}`);
	return data === true;
}
