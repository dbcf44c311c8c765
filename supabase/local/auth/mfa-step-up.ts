import type { AuthContext } from './context.ts';
import { authTransaction } from './context.ts';
import { AuthError } from './errors.ts';
import type { Caller } from './request.ts';

// GoTrue's UserUpdate: once a user has a verified factor, changing the password, e-mail or phone
// needs an aal2 session — otherwise the password (or a recovery mail) alone could replace what the
// second factor protects. A recovery link's session is aal1, so a reset asks for the code first.

export interface CredentialChanges {
	password: string | undefined;
	email: string | undefined;
	phone: string | undefined;
}

function changesCredentials(caller: Caller, changes: CredentialChanges): boolean {
	return (
		(changes.password !== undefined && changes.password !== '') ||
		(changes.email !== undefined && changes.email !== '' && changes.email !== caller.user.email) ||
		(changes.phone !== undefined && changes.phone !== '' && changes.phone !== caller.user.phone)
	);
}

export async function assertAal2ForCredentialChange(
	ctx: AuthContext,
	caller: Caller,
	changes: CredentialChanges,
): Promise<void> {
	if (!changesCredentials(caller, changes)) return;
	const blocked = await authTransaction(ctx, async (tx) => {
		const { rows } = await tx.query<{ blocked: boolean }>(
			`select exists (select 1 from auth.mfa_factors where user_id = $1 and status = 'verified')
			   and coalesce((select aal from auth.sessions where id = $2), 'aal1') <> 'aal2' as blocked`,
			[caller.user.id, caller.sessionId ?? null],
		);
		return rows[0]?.blocked === true;
	});
	if (blocked)
		throw new AuthError(
			401,
			'insufficient_aal',
			'AAL2 session is required to update email or password when MFA is enabled.',
		);
}
