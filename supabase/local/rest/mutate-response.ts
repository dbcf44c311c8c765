import type { ApiResponse } from '../http/types.ts';
import type { RestCall } from './context.ts';
import type { Outcome } from './execute.ts';
import { contentTypeOf } from './media.ts';
import { appliedHeader } from './preferences.ts';
import type { Preferences } from './preferences.ts';
import { shouldCount } from './read-response.ts';

// The answer to a write, as PostgREST's Response.hs builds it for each mutation: the status (an
// upsert that inserted nothing is 200), Content-Range (a total only for count=exact|estimated; an
// insert or delete never states a range), and Preference-Applied listing what applied to this kind
// of write.

export type Mutation = 'create' | 'update' | 'delete';

export interface MutationResult {
	outcome: Outcome;
	/** Rows an upsert inserted rather than updated (pgrst.inserted); null when it was not counted. */
	inserted: number | null;
	/** Whether resolution= applied: the table has a primary key or on_conflict named columns. */
	resolutionApplies: boolean;
}

/** RangeQuery.hs contentRangeH. */
export function contentRangeH(lower: number, upper: number, total: number | null): string {
	const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
	return `${range}/${total === null ? '*' : total}`;
}

function status(call: RestCall, mutation: Mutation, result: MutationResult): number {
	if (mutation === 'create') {
		const merged = call.prefs.resolution === 'merge-duplicates';
		return merged && (result.inserted ?? 0) <= 0 ? 200 : 201;
	}
	return call.prefs.return === 'representation' ? 200 : 204;
}

export function mutationResponse(
	call: RestCall,
	mutation: Mutation,
	result: MutationResult,
): ApiResponse {
	const { outcome } = result;
	const total = shouldCount(call.prefs) ? outcome.pageTotal : null;
	const range =
		mutation === 'update'
			? contentRangeH(0, outcome.pageTotal - 1, total)
			: contentRangeH(1, 0, total);
	const honoured: (keyof Preferences)[] = [];
	if (mutation === 'create' && result.resolutionApplies) honoured.push('resolution');
	if (mutation !== 'delete') honoured.push('missing');
	honoured.push('return', 'count', 'tx', 'handling');
	if (mutation !== 'create') honoured.push('maxAffected');
	const representation = call.prefs.return === 'representation';
	const headers = {
		...(representation ? { 'Content-Type': contentTypeOf(call.media) } : {}),
		'Content-Range': range,
		...appliedHeader(call.prefs, honoured),
	};
	return representation
		? { status: status(call, mutation, result), headers, body: outcome.body }
		: { status: status(call, mutation, result), headers };
}
