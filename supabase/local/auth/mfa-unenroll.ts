import { json } from '../http/types.ts';
import type { ApiResponse } from '../http/types.ts';
import type { AuthContext } from './context.ts';
import { unprocessable } from './errors.ts';
import { deleteFactor } from './factors.ts';
import { requireSession, withCallerFactor } from './mfa-caller.ts';

// DELETE /factors/{id}: an unverified factor can go at aal1; a verified one needs an aal2 session,
// refused with 422 (not the 403 of enrol) as GoTrue's UnenrollFactor answers. Sessions the factor
// upgraded drop back to aal1; the caller's current access token says aal2 until it is refreshed.

export async function unenrollFactor(
	ctx: AuthContext,
	authorization: string | undefined,
	factorId: string,
): Promise<ApiResponse> {
	return withCallerFactor(ctx, authorization, factorId, async (tx, caller, factor) => {
		requireSession(caller, 'A valid session and factor are required to unenroll a factor');
		if (factor.status === 'verified' && caller.aal !== 'aal2')
			throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
		await deleteFactor(tx, factor);
		return json(200, { id: factor.id });
	});
}
