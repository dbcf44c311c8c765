import type { Transaction } from '../db/database.ts';

// auth.identities: one row per way a user signs in (here always `email`), and the verified flag that
// confirming the address sets on it and in user_metadata.

export interface IdentityRow {
	id: string;
	provider_id: string;
	user_id: string;
	identity_data: Record<string, unknown>;
	provider: string;
	last_sign_in_at: Date | null;
	created_at: Date | null;
	updated_at: Date | null;
	email: string | null;
}

export async function identitiesOf(tx: Transaction, userId: string): Promise<IdentityRow[]> {
	const { rows } = await tx.query<IdentityRow>(
		'select * from auth.identities where user_id = $1 order by created_at',
		[userId],
	);
	return rows;
}

/** Marks the e-mail identity and user_metadata verified, as confirming an address does. */
export async function markEmailVerified(tx: Transaction, userId: string): Promise<void> {
	await tx.query(
		`update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb
		 where id = $1`,
		[userId],
	);
	await tx.query(
		`update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
		 where user_id = $1 and provider = 'email'`,
		[userId],
	);
}
