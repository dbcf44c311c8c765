import { json } from '../http/types.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import { authTransaction } from './context.ts';
import type { AuthContext } from './context.ts';
import { validateEmail } from './email-address.ts';
import { badRequest, notFound, unprocessable } from './errors.ts';
import { parseBanDuration, passwordField } from './admin-fields.ts';
import { optionalBoolean, optionalObject, optionalString, parseBody } from './request.ts';
import { EMAIL_APP_METADATA } from './signup.ts';
import { mergeMetadata } from './user.ts';
import { findUserByEmail, findUserById, isUuid, updateUser } from './users.ts';
import { insertUser } from './user-insert.ts';
import { userView } from './user-view.ts';

// /admin/users: create, list (with GoTrue's pagination headers), get, update and delete users with
// the service role. Admin changes apply at once: no confirmation mails.

export async function createUser(ctx: AuthContext, request: ApiRequest): Promise<ApiResponse> {
	const body = parseBody(request);
	const rawEmail = optionalString(body, 'email');
	if (!rawEmail && !optionalString(body, 'phone')) {
		throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
	}
	if (!rawEmail) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
	const email = validateEmail(rawEmail);
	const id = optionalString(body, 'id');
	if (id !== undefined && !isUuid(id))
		throw badRequest('validation_failed', 'id must be a valid UUID');
	const encryptedPassword = await passwordField(ctx, body);
	const banDuration = optionalString(body, 'ban_duration');
	const bannedUntil = banDuration === undefined ? undefined : parseBanDuration(banDuration);
	return authTransaction(ctx, async (tx) => {
		if (await findUserByEmail(tx, email))
			throw unprocessable(
				'email_exists',
				'A user with this email address has already been registered',
			);
		let user = await insertUser(tx, {
			id,
			email,
			encryptedPassword: encryptedPassword ?? null,
			userMetadata: optionalObject(body, 'user_metadata') ?? {},
			appMetadata: { ...EMAIL_APP_METADATA, ...(optionalObject(body, 'app_metadata') ?? {}) },
			confirmed: optionalBoolean(body, 'email_confirm') === true,
			identityInMetadata: false,
			role: optionalString(body, 'role'),
		});
		if (bannedUntil !== undefined)
			user = await updateUser(tx, user.id, { banned_until: bannedUntil });
		return json(200, await userView(tx, user));
	});
}

function userIdFrom(path: string): string {
	const id = path.slice('/admin/users/'.length);
	if (!isUuid(id)) throw badRequest('validation_failed', 'user_id must be an UUID');
	return id;
}

export async function getUserById(ctx: AuthContext, request: ApiRequest): Promise<ApiResponse> {
	const id = userIdFrom(request.path);
	return authTransaction(ctx, async (tx) => {
		const user = await findUserById(tx, id);
		if (!user) throw notFound('user_not_found', 'User not found');
		return json(200, await userView(tx, user));
	});
}

export async function updateUserById(ctx: AuthContext, request: ApiRequest): Promise<ApiResponse> {
	const id = userIdFrom(request.path);
	const body = parseBody(request);
	const email = optionalString(body, 'email');
	const newEmail = email ? validateEmail(email) : undefined;
	const encryptedPassword = await passwordField(ctx, body);
	const banDuration = optionalString(body, 'ban_duration');
	return authTransaction(ctx, async (tx) => {
		let user = await findUserById(tx, id);
		if (!user) throw notFound('user_not_found', 'User not found');
		const changes: Record<string, unknown> = {};
		if (newEmail && newEmail !== user.email) {
			const taken = await findUserByEmail(tx, newEmail);
			if (taken && taken.id !== id)
				throw unprocessable(
					'email_exists',
					'A user with this email address has already been registered',
				);
			changes.email = newEmail;
		}
		if (encryptedPassword) changes.encrypted_password = encryptedPassword;
		if (optionalBoolean(body, 'email_confirm') === true && !user.email_confirmed_at)
			changes.email_confirmed_at = new Date();
		const userMetadata = optionalObject(body, 'user_metadata');
		if (userMetadata)
			changes.raw_user_meta_data = mergeMetadata(user.raw_user_meta_data, userMetadata);
		const appMetadata = optionalObject(body, 'app_metadata');
		if (appMetadata) changes.raw_app_meta_data = mergeMetadata(user.raw_app_meta_data, appMetadata);
		const role = optionalString(body, 'role');
		if (role) changes.role = role;
		if (banDuration !== undefined) changes.banned_until = parseBanDuration(banDuration);
		if (Object.keys(changes).length > 0) user = await updateUser(tx, id, changes);
		if (changes.email) {
			await tx.query(
				`update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text) where user_id = $1 and provider = 'email'`,
				[id, changes.email],
			);
		}
		return json(200, await userView(tx, user));
	});
}

export async function deleteUser(ctx: AuthContext, request: ApiRequest): Promise<ApiResponse> {
	const id = userIdFrom(request.path);
	const soft = optionalBoolean(parseBody(request), 'should_soft_delete') === true;
	return authTransaction(ctx, async (tx) => {
		if (!(await findUserById(tx, id))) throw notFound('user_not_found', 'User not found');
		if (soft) {
			await tx.query('delete from auth.sessions where user_id = $1', [id]);
			await tx.query('delete from auth.identities where user_id = $1', [id]);
			// GoTrue hard-deletes a soft-deleted user's factors (DeleteFactorsByUserId).
			await tx.query('delete from auth.mfa_factors where user_id = $1', [id]);
			await tx.query(
				`update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '' where id = $1`,
				[id],
			);
		} else {
			await tx.query('delete from auth.users where id = $1', [id]);
		}
		return json(200, {});
	});
}
