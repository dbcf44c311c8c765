import type { Transaction } from '../db/database.ts';
import { json } from '../http/types.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { authTransaction } from './context.ts';
import type { AuthContext } from './context.ts';
import { notFound } from './errors.ts';
import { deleteFactor, factorJson, factorsOf, loadFactor } from './factors.ts';
import type { FactorRow } from './factors.ts';
import { optionalString, parseBody } from './request.ts';
import { findUserById, isUuid } from './users.ts';

// /admin/users/{user_id}/factors[/{factor_id}] with the service role: list a user's factors, rename
// one, or delete one (no aal check; the sessions it upgraded drop to aal1). There is no admin way to
// create or verify a factor, as in GoTrue.

/** GoTrue's loadUser: 404 for a user id that is not a UUID or names no user. */
async function loadUserId(tx: Transaction, userId: string): Promise<string> {
	if (!isUuid(userId)) throw notFound('validation_failed', 'user_id must be an UUID');
	if (!(await findUserById(tx, userId))) throw notFound('user_not_found', 'User not found');
	return userId;
}

export function listUserFactors(ctx: AuthContext, userId: string): Promise<ApiResponse> {
	return authTransaction(ctx, async (tx) =>
		json(200, (await factorsOf(tx, await loadUserId(tx, userId))).map(factorJson)),
	);
}

export function deleteUserFactor(
	ctx: AuthContext,
	userId: string,
	factorId: string,
): Promise<ApiResponse> {
	return authTransaction(ctx, async (tx) => {
		const factor = await loadFactor(tx, await loadUserId(tx, userId), factorId);
		await deleteFactor(tx, factor);
		return json(200, factorJson(factor));
	});
}

/** PUT: a non-empty friendly_name renames; phone applies only to phone factors, which are off here. */
export function updateUserFactor(
	ctx: AuthContext,
	request: ApiRequest,
	userId: string,
	factorId: string,
): Promise<ApiResponse> {
	return authTransaction(ctx, async (tx) => {
		const factor = await loadFactor(tx, await loadUserId(tx, userId), factorId);
		const friendlyName = optionalString(parseBody(request), 'friendly_name') ?? '';
		if (friendlyName === '') return json(200, factorJson(factor));
		const { rows } = await tx.query<FactorRow>(
			`update auth.mfa_factors set friendly_name = $2, updated_at = now() where id = $1 returning *`,
			[factor.id, friendlyName],
		);
		return json(200, factorJson(rows[0] ?? factor));
	});
}
