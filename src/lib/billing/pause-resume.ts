import { BillingError } from './errors';

const DAY_MS = 86_400_000;

/** A running pause as it started: when, and by how many whole days it moved the due date. */
export interface RunningPause {
	startsAt: Date;
	/** service_pauses.days: the due date moved this many days later, and the pause lasts as long. */
	days: number;
}

/**
 * The days a pause gives back when it ends at `at`: its days less the whole days it ran. A day
 * under way is given back too, so the due date only ever stays later by time the server really
 * was paused: resumed at once, nothing moves; each loop of pause and resume can lose the customer
 * part of a day but never gain them one (issue 26: counting the day under way as used gained a
 * day a loop). Ended at or after its end, nothing comes back.
 */
export function pauseDaysReturned(pause: RunningPause, at: Date): number {
	const { startsAt, days } = pause;
	if (!Number.isInteger(days) || days < 1) throw new BillingError('invalid_days', `${days} days`);
	const started = startsAt.getTime();
	const now = at.getTime();
	if (!Number.isFinite(started) || !Number.isFinite(now))
		throw new BillingError('invalid_date', `${String(startsAt)} to ${String(at)}`);
	// Before the start (a clock a moment behind the database's) counts as not run at all.
	const ran = Math.floor(Math.max(0, now - started) / DAY_MS);
	return Math.max(0, days - ran);
}
