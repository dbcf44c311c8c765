import { z } from 'zod';
import { consoleEndingSchema, type ConsoleEnding } from '../../lib/domain/console-ending.ts';
import { logger } from '../log/logger.ts';
import type { AdminClient } from '../supabase/admin-client.ts';

// What keeps an open console open: the session that opened it still signed in, the service still
// that customer's and allowed a console, the password unchanged since. Checked when the console
// opens (open.ts) and then every few seconds while it stays open, in the database, so whichever
// site server holds the socket sees a change made through any other. Any relay (the VPS console
// today, a game server's console later) can be watched by `watchLiveAccess` with its own check.

/** Who opened which console, when: the database's time the token was made. */
export interface LiveGrant {
	sessionId: string;
	userId: string;
	serviceId: string;
	openedAt: string;
}

/** Why the grant no longer holds, or null while it does. Throws when it cannot tell. */
export type LiveCheck = (grant: LiveGrant) => Promise<ConsoleEnding | null>;

/** Consecutive failed checks (database unreachable) after which the console closes unverified. */
export const checksBeforeUnverified = 3;

/** Seconds between two checks of one console (CONSOLE_ACCESS_CHECK_SECONDS, default 5). */
export function liveCheckMs(env: NodeJS.ProcessEnv = process.env): number {
	const seconds = Number(env.CONSOLE_ACCESS_CHECK_SECONDS ?? '5');
	return (Number.isFinite(seconds) && seconds > 0 ? seconds : 5) * 1000;
}

const verdict = z.union([z.literal('open'), consoleEndingSchema]);

/** The VPS console's check: one call of `console_access_live` (service role). */
export function vpsConsoleCheck(admin: AdminClient): LiveCheck {
	return async (grant) => {
		const { data, error } = await admin.rpc('console_access_live', {
			session_id: grant.sessionId,
			user_id: grant.userId,
			service_id: grant.serviceId,
			opened_at: grant.openedAt,
		});
		if (error) throw new Error(`console_access_live: ${error.message}`);
		const answer = verdict.parse(data);
		return answer === 'open' ? null : answer;
	};
}

/**
 * Runs `check` every `everyMs` (the next one only after the last answered) until it names an
 * ending or `stop` is called; then `onLost` gets the ending, once. Returns `stop`.
 */
export function watchLiveAccess(
	grant: LiveGrant,
	options: { check: LiveCheck; everyMs: number; onLost: (ending: ConsoleEnding) => void },
): () => void {
	let stopped = false;
	let failures = 0;
	let timer: NodeJS.Timeout | undefined;
	const lose = (ending: ConsoleEnding) => {
		stopped = true;
		options.onLost(ending);
	};
	const next = () => {
		if (stopped) return;
		timer = setTimeout(() => {
			options
				.check(grant)
				.then((ending) => {
					failures = 0;
					if (stopped) return;
					if (ending) lose(ending);
					else next();
				})
				.catch((error: unknown) => {
					failures += 1;
					logger.warn('console access not checked', { serviceId: grant.serviceId, error });
					if (stopped) return;
					if (failures >= checksBeforeUnverified) lose('unverified');
					else next();
				});
		}, options.everyMs);
		// An open console must not keep a stopping process alive; its sockets close on their own.
		timer.unref();
	};
	next();
	return () => {
		stopped = true;
		clearTimeout(timer);
	};
}
