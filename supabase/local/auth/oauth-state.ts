import { randomUUID } from 'node:crypto';
import type { Transaction } from '../db/database.ts';
import { authTransaction } from './context.ts';
import type { AuthContext } from './context.ts';
import { badRequest } from './errors.ts';
import type { PkceRequest } from './pkce.ts';
import { isUuid } from './users.ts';

// The `state` GoTrue hands the provider: the id of a flow state (external.go,
// GetExternalProviderRedirectURL), made for every OAuth sign-in, PKCE or implicit, holding the
// provider, the redirect to return to and the PKCE challenge. /callback loads it back
// (loadExternalState); an implicit sign-in deletes it, a PKCE one binds it to the user until the code
// is exchanged, and coming back with it a second time is refused.

export interface OAuthState {
	id: string;
	provider: string;
	referrer: string;
	pkce: boolean;
}

/** Creates the flow state of an OAuth sign-in and returns its id, the state to hand the provider. */
export async function createOAuthState(
	ctx: AuthContext,
	provider: string,
	referrer: string,
	pkce: PkceRequest | undefined,
): Promise<string> {
	const id = randomUUID();
	await authTransaction(ctx, (tx) =>
		tx.query(
			`insert into auth.flow_state (id, auth_code, code_challenge_method, code_challenge, provider_type,
			   created_at, updated_at, authentication_method, referrer)
			 values ($1, $2, $3, $4, $5, now(), now(), 'oauth', $6)`,
			[
				id,
				pkce ? randomUUID() : null,
				pkce?.method ?? null,
				pkce?.challenge ?? null,
				provider,
				referrer || null,
			],
		),
	);
	return id;
}

/**
 * GoTrue's loadExternalState, its errors word for word (all 400s, which loadFlowState sends to the
 * site URL): no state, not a UUID, no such flow state, one older than the flow-state expiry (300 s),
 * and a PKCE one a callback already used.
 */
export async function loadOAuthState(ctx: AuthContext, state: string | null): Promise<OAuthState> {
	if (!state) throw badRequest('bad_oauth_callback', 'OAuth state parameter missing');
	if (!isUuid(state)) throw badRequest('bad_oauth_state', 'OAuth state parameter is invalid');
	const { rows } = await authTransaction(ctx, (tx) =>
		tx.query<{
			provider_type: string;
			referrer: string | null;
			pkce: boolean;
			used: boolean;
			expired: boolean;
		}>(
			`select provider_type, referrer, coalesce(code_challenge, '') <> '' as pkce, user_id is not null as used,
			   created_at < now() - make_interval(secs => $2) as expired
			 from auth.flow_state where id = $1 and authentication_method = 'oauth'`,
			[state, ctx.settings.flowStateExpirySeconds],
		),
	);
	const flow = rows[0];
	if (!flow) throw badRequest('bad_oauth_state', 'OAuth state not found or expired');
	if (flow.expired) throw badRequest('bad_oauth_state', 'OAuth state has expired');
	if (flow.pkce && flow.used)
		throw badRequest('flow_state_already_used', 'State has already been used');
	return {
		id: state,
		provider: flow.provider_type,
		referrer: flow.referrer ?? '',
		pkce: flow.pkce,
	};
}

/**
 * The end of the callback, inside its transaction: a PKCE flow state is bound to the user (the row
 * locked, so two callbacks cannot both claim it) and its auth code returned; an implicit one is deleted.
 */
export async function settleOAuthState(
	tx: Transaction,
	state: OAuthState,
	userId: string,
): Promise<string | undefined> {
	if (!state.pkce) {
		await tx.query('delete from auth.flow_state where id = $1', [state.id]);
		return undefined;
	}
	const { rows } = await tx.query<{ auth_code: string }>(
		`update auth.flow_state set user_id = $2, auth_code_issued_at = now(), updated_at = now()
		 where id = $1 and user_id is null returning auth_code`,
		[state.id, userId],
	);
	if (!rows[0]) throw badRequest('flow_state_already_used', 'State has already been used');
	return rows[0].auth_code;
}
