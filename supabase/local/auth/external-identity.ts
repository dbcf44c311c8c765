import type { Transaction } from '../db/database.ts';
import { decideLinking, type LinkingFacts } from './account-linking.ts';
import { AuthError } from './errors.ts';
import type { GoogleAccount } from './google-stand-in.ts';
import { insertUser } from './user-insert.ts';
import { findUserById, isBanned } from './users.ts';
import type { UserRow } from './users.ts';

// GoTrue's createAccountFromExternalIdentity with DetermineAccountLinking, for Google: the identity
// (provider, subject) already known signs in its user; else an address Google says is verified that
// one user already has links a new identity to that user (account-linking.ts); else a new, confirmed
// user is signed up with the identity's claims as user metadata. A linked account that had never
// confirmed its address loses its password and e-mail identity (RemoveUnconfirmedIdentities):
// whoever set them never proved the address. The stand-in proves every address it hands out.

/**
 * The identity data GoTrue's Google provider stores (provider/google.go: its Claims, with the legacy
 * fields `avatar_url`, `full_name` and `provider_id` beside `picture` and `name`).
 */
export function googleIdentityData(account: GoogleAccount): Record<string, unknown> {
	return {
		iss: 'https://accounts.google.com',
		sub: account.sub,
		name: account.name,
		picture: account.picture,
		email: account.email,
		email_verified: account.emailVerified,
		phone_verified: false,
		full_name: account.name,
		avatar_url: account.picture,
		provider_id: account.sub,
	};
}

async function updateProviders(tx: Transaction, userId: string): Promise<void> {
	await tx.query(
		`update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || jsonb_build_object(
		   'providers', (select jsonb_agg(distinct provider) from auth.identities where user_id = $1)), updated_at = now()
		 where id = $1`,
		[userId],
	);
}

/** The facts DetermineAccountLinking weighs for a Google address not seen before. */
async function linkingFacts(
	tx: Transaction,
	account: GoogleAccount,
	autoConfirm: boolean,
): Promise<LinkingFacts> {
	const email = account.email.toLowerCase();
	const identities = await tx.query<{ user_id: string }>(
		`select user_id from auth.identities where email = $1 and provider not like 'sso:%'`,
		[email],
	);
	const users = await tx.query<{ id: string }>(
		'select id from auth.users where lower(email) = $1 and is_sso_user = false',
		[email],
	);
	return {
		emailVerified: account.emailVerified,
		autoConfirm,
		identityUsers: identities.rows.map((row) => row.user_id),
		users: users.rows.map((row) => row.id),
	};
}

export async function userForGoogleAccount(
	tx: Transaction,
	account: GoogleAccount,
	autoConfirm: boolean,
): Promise<UserRow> {
	const data = googleIdentityData(account);
	const known = await tx.query<{ user_id: string }>(
		`update auth.identities set identity_data = $3::jsonb, last_sign_in_at = now(), updated_at = now()
		 where provider = $1 and provider_id = $2 returning user_id`,
		['google', account.sub, JSON.stringify(data)],
	);
	let userId = known.rows[0]?.user_id;
	if (userId) {
		await tx.query(
			`update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb where id = $1`,
			[userId, JSON.stringify(data)],
		);
	} else {
		const decision = decideLinking(await linkingFacts(tx, account, autoConfirm));
		if (decision.kind === 'unverified')
			throw new AuthError(
				422,
				'provider_email_needs_verification',
				'Unverified email with google. Verify the email with google in order to sign in',
			);
		if (decision.kind === 'multiple')
			throw new AuthError(
				500,
				'unexpected_failure',
				'Multiple accounts with the same email address in the same linking domain detected: default',
			);
		if (decision.kind === 'link') {
			userId = decision.userId;
			await linkIdentity(tx, userId, account, data);
		} else userId = (await signUpFromGoogle(tx, account, data)).id;
	}
	await updateProviders(tx, userId);
	const user = (await findUserById(tx, userId)) as UserRow;
	if (isBanned(user)) throw new AuthError(401, 'user_banned', 'User is unauthorized');
	return user;
}

async function linkIdentity(
	tx: Transaction,
	userId: string,
	account: GoogleAccount,
	data: Record<string, unknown>,
): Promise<void> {
	await tx.query(
		`insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
		 values ($1, $2, $3::jsonb, 'google', now(), now(), now())`,
		[account.sub, userId, JSON.stringify(data)],
	);
	const user = (await findUserById(tx, userId)) as UserRow;
	if (user.email_confirmed_at) return;
	await tx.query(`delete from auth.identities where user_id = $1 and provider = 'email'`, [userId]);
	await tx.query(
		`update auth.users set encrypted_password = '', email_confirmed_at = now(), confirmation_token = '',
		   raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
		   updated_at = now()
		 where id = $1`,
		[userId],
	);
}

function signUpFromGoogle(
	tx: Transaction,
	account: GoogleAccount,
	data: Record<string, unknown>,
): Promise<UserRow> {
	return insertUser(tx, {
		email: account.email,
		encryptedPassword: null,
		userMetadata: data,
		appMetadata: { provider: 'google', providers: ['google'] },
		confirmed: true,
		identityInMetadata: false,
		identity: { provider: 'google', providerId: account.sub, data },
	});
}
