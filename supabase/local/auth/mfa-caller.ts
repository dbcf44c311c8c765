import type { Transaction } from '../db/database.ts';
import type { AuthContext } from './context.ts';
import { AuthError, forbidden } from './errors.ts';
import { loadFactor } from './factors.ts';
import type { FactorRow } from './factors.ts';
import { withUser } from './request.ts';
import type { Caller } from './request.ts';

// The middleware of GoTrue's /factors routes: a valid user token (requireAuthentication), not an
// anonymous user (requireNotAnonymous), and for /factors/{id}/... a factor of that user (loadFactor).
// The session's aal is read from its row, as GoTrue's session.IsAAL2 does, not from the token.

export interface MfaCaller extends Caller {
	/** The session's assurance level; null when the token names no session. */
	aal: string | null;
}

/** EnrollFactor and UnenrollFactor need the token's session; GoTrue answers 500 without one. */
export function requireSession(caller: MfaCaller, message: string): void {
	if (caller.aal === null) throw new AuthError(500, 'unexpected_failure', message);
}

export function withMfaCaller<T>(
	ctx: AuthContext,
	authorization: string | undefined,
	work: (tx: Transaction, caller: MfaCaller) => Promise<T>,
): Promise<T> {
	return withUser(ctx, authorization, async (tx, caller) => {
		if (caller.claims.is_anonymous === true)
			throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions');
		let aal: string | null = null;
		if (caller.sessionId) {
			const { rows } = await tx.query<{ aal: string | null }>(
				'select aal from auth.sessions where id = $1',
				[caller.sessionId],
			);
			aal = rows[0]?.aal ?? 'aal1';
		}
		return work(tx, { ...caller, aal });
	});
}

/** The factor named by `/factors/{id}...` (the second path segment), owned by the caller. */
export function withCallerFactor<T>(
	ctx: AuthContext,
	authorization: string | undefined,
	factorId: string,
	work: (tx: Transaction, caller: MfaCaller, factor: FactorRow) => Promise<T>,
): Promise<T> {
	return withMfaCaller(ctx, authorization, async (tx, caller) =>
		work(tx, caller, await loadFactor(tx, caller.user.id, factorId)),
	);
}
