import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { authTransaction } from './context.ts';
import type { AuthContext } from './context.ts';
import { badRequest } from './errors.ts';
import { requireUser } from './request.ts';

// POST /logout?scope=global|local|others: deletes sessions, and with them their refresh tokens.
// Access tokens stay cryptographically valid until they expire, but /user refuses them at once.

const LOGOUT_SCOPES = new Set(['global', 'local', 'others']);

export async function logout(
	ctx: AuthContext,
	request: ApiRequest,
	authorization: string | undefined,
): Promise<ApiResponse> {
	const scope = request.url.searchParams.get('scope') ?? 'global';
	if (!LOGOUT_SCOPES.has(scope))
		throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
	const { user, sessionId } = await requireUser(ctx, authorization);
	await authTransaction(ctx, async (tx) => {
		if (scope === 'local' && sessionId)
			await tx.query('delete from auth.sessions where id = $1', [sessionId]);
		else if (scope === 'others')
			await tx.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [
				user.id,
				sessionId ?? null,
			]);
		else await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
	});
	return { status: 204 };
}
