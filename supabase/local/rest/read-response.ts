import type { ApiResponse } from '../http/types.ts';
import type { RestCall } from './context.ts';
import { RestError } from './errors.ts';
import { contentRange, type Outcome } from './execute.ts';
import { contentTypeOf } from './media.ts';
import { appliedHeader } from './preferences.ts';
import type { Preferences } from './preferences.ts';

/**
 * Preferences.hs shouldCount: only count=exact and count=estimated count in SQL. A read answers
 * count=planned with the exact count too; writes and calls answer it without a total.
 */
export function shouldCount(prefs: Preferences): boolean {
	return prefs.count === 'exact' || prefs.count === 'estimated';
}

/**
 * The answer to a table read as PostgREST gives it: 416 past the end, Content-Range, the count
 * preference echoed (count=planned and count=estimated report the exact count here, in the same
 * Content-Range form), no body for HEAD.
 */
export function readResponse(
	call: RestCall,
	offset: number,
	outcome: Outcome,
	status: number,
	honoured: (keyof Preferences)[] = ['count'],
): ApiResponse {
	if (status === 416) {
		throw new RestError(
			416,
			'PGRST103',
			'Requested range not satisfiable',
			`An offset of ${offset} was requested, but there are only ${outcome.total ?? 0} rows.`,
		);
	}
	return {
		status,
		headers: {
			'Content-Type': contentTypeOf(call.media),
			'Content-Range': contentRange(offset, outcome.pageTotal, outcome.total),
			...appliedHeader(call.prefs, honoured),
		},
		body: call.request.method === 'HEAD' ? undefined : outcome.body,
	};
}
