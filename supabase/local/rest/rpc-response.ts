import type { ApiResponse } from '../http/types.ts';
import type { RestCall } from './context.ts';
import { RestError, renderRestError } from './errors.ts';
import { assertSingular, contentRange, readStatus } from './execute.ts';
import type { Outcome } from './execute.ts';
import { appliedHeader } from './preferences.ts';
import type { Preferences } from './preferences.ts';
import { readResponse } from './read-response.ts';
import type { Routine } from './schema-cache.ts';
import { Rollback } from './transaction.ts';

// The checks that may still undo a call and the answer to it, as PostgREST's MainTx.hs and
// Response.hs give them. A function that does not return a set counts as exactly one row (mainCall's
// page_total is 1), so its Content-Range is 0-0/* or, counted, 0-0/1.

function strictMaxAffected(call: RestCall): number | undefined {
	return call.prefs.handling === 'strict' ? call.prefs.maxAffected : undefined;
}

/** Refused while planning, before the function runs (Plan.hs failMaxAffectedRpcReturnsSingle). */
export function checkCallable(call: RestCall, routine: Routine): void {
	if (strictMaxAffected(call) !== undefined && !routine.returnsSet) {
		throw new RestError(
			400,
			'PGRST128',
			'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
		);
	}
}

/** Inside the transaction: each failure rolls the function's writes back, then tx=rollback does. */
export function checkOutcome(call: RestCall, routine: Routine, outcome: Outcome): void {
	if (!routine.returnsSet) return rollbackIfAsked(call, outcome);
	if (call.media.singular) assertSingular(outcome);
	const max = strictMaxAffected(call);
	if (max !== undefined && outcome.pageTotal > max) {
		const error = new RestError(
			400,
			'PGRST124',
			'Query result exceeds max-affected preference constraint',
			`The query affects ${outcome.pageTotal} rows`,
		);
		throw new Rollback<ApiResponse>(renderRestError(error));
	}
	rollbackIfAsked(call, outcome);
}

function rollbackIfAsked(call: RestCall, outcome: Outcome): void {
	if (call.prefs.tx === 'rollback') throw new Rollback<Outcome>(outcome);
}

export function callResponse(
	call: RestCall,
	routine: Routine,
	offset: number,
	outcome: Outcome,
): ApiResponse {
	const pageTotal = routine.returnsSet ? outcome.pageTotal : 1;
	const status = readStatus(offset, pageTotal, outcome.total);
	const honoured: (keyof Preferences)[] = ['count', 'tx', 'handling', 'maxAffected'];
	if (routine.returns === 'void') {
		return {
			status: 204,
			headers: {
				'Content-Range': contentRange(offset, pageTotal, outcome.total),
				...appliedHeader(call.prefs, honoured),
			},
		};
	}
	return readResponse(call, offset, { ...outcome, pageTotal }, status, honoured);
}
