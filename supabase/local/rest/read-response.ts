import type { ApiResponse } from '../http/types.ts';
import type { RestCall } from './context.ts';
import { RestError } from './errors.ts';
import { JSON_TYPE, contentRange, type Outcome } from './execute.ts';
import { appliedHeader } from './preferences.ts';

/**
 * The answer to anything that reads rows (a table read, a set-returning RPC) as PostgREST gives
 * it: 416 past the end, Content-Range, the count preference echoed, no body for HEAD.
 */
export function readResponse(
	call: RestCall,
	offset: number,
	outcome: Outcome,
	status: number,
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
			...JSON_TYPE,
			'Content-Range': contentRange(offset, outcome.pageTotal, outcome.total),
			...appliedHeader(call.prefs, ['count']),
		},
		body: call.request.method === 'HEAD' ? undefined : outcome.body,
	};
}
