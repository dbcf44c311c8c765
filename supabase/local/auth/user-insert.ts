import { randomUUID } from 'node:crypto';
import type { Transaction } from '../db/database.ts';
import { AuthError } from './errors.ts';
import { findUserById } from './users.ts';
import type { UserRow } from './users.ts';

// Creating a user as GoTrue does: the auth.users row (where the project's triggers fire) and its
// e-mail identity. Only sign-ups take the identity's claims as user_metadata (signup.go hands the new
// identity to RemoveUnconfirmedIdentities, which copies them); users an admin creates (admin.go,
// invite.go, mail.go) keep the metadata they were given, plus email_verified once confirmed
// (models.User.Confirm), and their identity says email_verified false, as createNewIdentity writes it.

export interface NewUser {
	email: string;
	encryptedPassword: string | null;
	userMetadata: Record<string, unknown>;
	appMetadata: Record<string, unknown>;
	confirmed: boolean;
	/** A sign-up (password or e-mail OTP): user_metadata starts as the identity's claims. */
	identityInMetadata: boolean;
	role?: string;
	id?: string;
	invited?: boolean;
	/** The identity to create instead of the e-mail one: a sign-up through an OAuth provider. */
	identity?: { provider: string; providerId: string; data: Record<string, unknown> };
}

/** Inserts the user and its e-mail identity; triggers on auth.users fire here. */
export async function insertUser(tx: Transaction, input: NewUser): Promise<UserRow> {
	const id = input.id ?? randomUUID();
	const identityData = {
		sub: id,
		email: input.email,
		email_verified: input.identityInMetadata && input.confirmed,
		phone_verified: false,
	};
	const confirmed = input.confirmed ? { email_verified: true } : {};
	const userMetadata = input.identityInMetadata
		? { ...input.userMetadata, ...identityData }
		: { ...input.userMetadata, ...confirmed };
	await tx
		.query(
			`insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
		   raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token,
		   email_change_token_new, email_change, is_super_admin, is_anonymous)
		 values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4,
		   case when $5::boolean then now() end, case when $6::boolean then now() end,
		   $7::jsonb, $8::jsonb, now(), now(), '', '', '', '', false, false)
		 returning *`,
			[
				id,
				input.role ?? 'authenticated',
				input.email,
				input.encryptedPassword ?? '',
				input.confirmed,
				input.invited === true,
				JSON.stringify(input.appMetadata),
				JSON.stringify(userMetadata),
			],
		)
		.catch((error: unknown) => {
			// Usually a trigger on auth.users failing (e.g. a profile insert without security definer):
			// GoTrue hides the cause behind this message and logs it; so do we.
			console.error('[local-stack] inserting into auth.users failed:', (error as Error).message);
			throw new AuthError(500, 'unexpected_failure', 'Database error saving new user');
		});
	const identity = input.identity ?? { provider: 'email', providerId: id, data: identityData };
	await tx.query(
		`insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
		 values ($1, $2, $3::jsonb, $4, now(), now(), now())`,
		[identity.providerId, id, JSON.stringify(identity.data), identity.provider],
	);
	// Triggers may have changed the row while it was inserted; GoTrue reloads it for the same reason.
	return (await findUserById(tx, id)) as UserRow;
}
