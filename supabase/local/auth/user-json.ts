import type { UserRow } from './users.ts';
import type { IdentityRow } from './identities.ts';
import { factorJson } from './factors.ts';
import type { FactorRow } from './factors.ts';

// The User object as GoTrue marshals it: some keys always present (empty string for a missing
// e-mail or phone), the optional timestamps only when set, never a hash or a token.

function time(value: Date | null): string | undefined {
	return value ? value.toISOString() : undefined;
}

function withOptional(target: Record<string, unknown>, key: string, value: unknown): void {
	if (value !== undefined && value !== null && value !== '') target[key] = value;
}

export function identityJson(identity: IdentityRow): Record<string, unknown> {
	// GoTrue swaps the names for backwards compatibility: `id` is the provider's subject.
	const out: Record<string, unknown> = {
		identity_id: identity.id,
		id: identity.provider_id,
		user_id: identity.user_id,
		identity_data: identity.identity_data,
		provider: identity.provider,
	};
	withOptional(out, 'last_sign_in_at', time(identity.last_sign_in_at));
	out.created_at = time(identity.created_at);
	out.updated_at = time(identity.updated_at);
	withOptional(out, 'email', identity.email);
	return out;
}

export function userJson(
	user: UserRow,
	identities: IdentityRow[],
	factors: FactorRow[] = [],
): Record<string, unknown> {
	const out: Record<string, unknown> = {
		id: user.id,
		aud: user.aud ?? '',
		role: user.role ?? '',
		email: user.email ?? '',
	};
	withOptional(out, 'email_confirmed_at', time(user.email_confirmed_at));
	out.phone = user.phone ?? '';
	withOptional(out, 'phone_confirmed_at', time(user.phone_confirmed_at));
	withOptional(out, 'confirmation_sent_at', time(user.confirmation_sent_at));
	withOptional(out, 'confirmed_at', time(user.confirmed_at));
	withOptional(out, 'recovery_sent_at', time(user.recovery_sent_at));
	withOptional(out, 'new_email', user.email_change);
	withOptional(out, 'email_change_sent_at', time(user.email_change_sent_at));
	withOptional(out, 'invited_at', time(user.invited_at));
	withOptional(out, 'last_sign_in_at', time(user.last_sign_in_at));
	out.app_metadata = user.raw_app_meta_data ?? {};
	out.user_metadata = user.raw_user_meta_data ?? {};
	out.identities = identities.map(identityJson);
	// omitempty: a user without factors has no `factors` key at all.
	if (factors.length > 0) out.factors = factors.map(factorJson);
	withOptional(out, 'banned_until', time(user.banned_until));
	out.created_at = time(user.created_at);
	out.updated_at = time(user.updated_at);
	withOptional(out, 'deleted_at', time(user.deleted_at));
	out.is_anonymous = user.is_anonymous;
	return out;
}
