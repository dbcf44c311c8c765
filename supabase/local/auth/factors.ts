import type { Transaction } from '../db/database.ts';
import { notFound } from './errors.ts';
import { isUuid } from './users.ts';

// auth.mfa_factors: a user's second factors (here TOTP), as GoTrue's models/factor.go keeps and
// marshals them. The secret never leaves this module's queries in JSON.

export interface FactorRow {
	id: string;
	user_id: string;
	friendly_name: string | null;
	factor_type: 'totp' | 'phone' | 'webauthn';
	status: 'unverified' | 'verified';
	created_at: Date;
	updated_at: Date;
	secret: string | null;
	phone: string | null;
	last_challenged_at: Date | null;
}

export async function factorsOf(tx: Transaction, userId: string): Promise<FactorRow[]> {
	const { rows } = await tx.query<FactorRow>(
		'select * from auth.mfa_factors where user_id = $1 order by created_at, id',
		[userId],
	);
	return rows;
}

export function hasVerifiedFactor(factors: FactorRow[]): boolean {
	return factors.some((factor) => factor.status === 'verified');
}

/** Factor JSON: friendly_name omitted when empty, phone always a string, never the secret. */
export function factorJson(factor: FactorRow): Record<string, unknown> {
	const out: Record<string, unknown> = {
		id: factor.id,
		created_at: factor.created_at.toISOString(),
		updated_at: factor.updated_at.toISOString(),
		status: factor.status,
	};
	if (factor.friendly_name) out.friendly_name = factor.friendly_name;
	out.factor_type = factor.factor_type;
	out.phone = factor.phone ?? '';
	out.last_challenged_at = factor.last_challenged_at?.toISOString() ?? null;
	return out;
}

/**
 * GoTrue's loadFactor: the factor id of the path must be a UUID (else 404 validation_failed) naming a
 * factor of this user (else 404 mfa_factor_not_found).
 */
export async function loadFactor(
	tx: Transaction,
	userId: string,
	factorId: string,
): Promise<FactorRow> {
	if (!isUuid(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID');
	const { rows } = await tx.query<FactorRow>(
		'select * from auth.mfa_factors where id = $1 and user_id = $2',
		[factorId, userId],
	);
	const factor = rows[0];
	if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
	return factor;
}

const AMR_METHOD: Record<FactorRow['factor_type'], string> = {
	totp: 'totp',
	phone: 'mfa/phone',
	webauthn: 'mfa/webauthn',
};

/**
 * Deletes a factor and, as DowngradeSessionsToAAL1 does, takes every session it upgraded back to
 * aal1: the sign-in method of its type goes from them, factor_id is cleared.
 */
export async function deleteFactor(tx: Transaction, factor: FactorRow): Promise<void> {
	await tx.query(
		`delete from auth.mfa_amr_claims where authentication_method = $2
		 and session_id in (select id from auth.sessions where factor_id = $1)`,
		[factor.id, AMR_METHOD[factor.factor_type]],
	);
	await tx.query(
		`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`,
		[factor.id],
	);
	await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
}
