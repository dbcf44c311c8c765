import type { Transaction } from '../db/database.ts';

// auth.users: the row GoTrue keeps per user, and the queries that read and change it. Columns are
// named in code only from a fixed list; values always travel as parameters.

export interface UserRow {
	id: string;
	aud: string | null;
	role: string | null;
	email: string | null;
	encrypted_password: string | null;
	email_confirmed_at: Date | null;
	invited_at: Date | null;
	confirmation_token: string | null;
	confirmation_sent_at: Date | null;
	recovery_token: string | null;
	recovery_sent_at: Date | null;
	email_change_token_new: string | null;
	email_change_token_current: string | null;
	email_change: string | null;
	email_change_sent_at: Date | null;
	email_change_confirm_status: number | null;
	reauthentication_token: string | null;
	reauthentication_sent_at: Date | null;
	last_sign_in_at: Date | null;
	raw_app_meta_data: Record<string, unknown> | null;
	raw_user_meta_data: Record<string, unknown> | null;
	created_at: Date | null;
	updated_at: Date | null;
	phone: string | null;
	phone_confirmed_at: Date | null;
	confirmed_at: Date | null;
	banned_until: Date | null;
	deleted_at: Date | null;
	is_anonymous: boolean;
}

export async function findUserById(tx: Transaction, id: string): Promise<UserRow | undefined> {
	if (!isUuid(id)) return undefined;
	return (await tx.query<UserRow>('select * from auth.users where id = $1', [id])).rows[0];
}

export async function findUserByEmail(
	tx: Transaction,
	email: string,
): Promise<UserRow | undefined> {
	const { rows } = await tx.query<UserRow>(
		`select * from auth.users where lower(email) = lower($1) and is_sso_user = false order by created_at limit 1`,
		[email],
	);
	return rows[0];
}

const UPDATABLE = new Set([
	'email',
	'encrypted_password',
	'email_confirmed_at',
	'confirmation_token',
	'confirmation_sent_at',
	'recovery_token',
	'recovery_sent_at',
	'email_change_token_new',
	'email_change_token_current',
	'email_change',
	'email_change_sent_at',
	'email_change_confirm_status',
	'reauthentication_token',
	'reauthentication_sent_at',
	'last_sign_in_at',
	'raw_app_meta_data',
	'raw_user_meta_data',
	'banned_until',
	'role',
	'invited_at',
	'deleted_at',
]);

/** Updates named columns (a fixed allow-list, values always parameters) and returns the new row. */
export async function updateUser(
	tx: Transaction,
	id: string,
	changes: Record<string, unknown>,
): Promise<UserRow> {
	const columns = Object.keys(changes).filter((column) => UPDATABLE.has(column));
	const assignments = columns.map((column, index) => {
		const cast = column.startsWith('raw_') ? '::jsonb' : '';
		return `${column} = $${index + 2}${cast}`;
	});
	const values = columns.map((column) => {
		const value = changes[column];
		return column.startsWith('raw_')
			? JSON.stringify(value)
			: value instanceof Date
				? value.toISOString()
				: value;
	});
	const { rows } = await tx.query<UserRow>(
		`update auth.users set ${[...assignments, 'updated_at = now()'].join(', ')} where id = $1 returning *`,
		[id, ...values],
	);
	return rows[0] as UserRow;
}

export function isUuid(value: string): boolean {
	return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

export function isBanned(user: UserRow): boolean {
	return user.banned_until !== null && user.banned_until.getTime() > Date.now();
}
