import { randomUUID } from 'node:crypto';
import type { Transaction } from '../db/database.ts';
import { json } from '../http/types.ts';
import type { ApiRequest, ApiResponse } from '../http/types.ts';
import type { AuthContext } from './context.ts';
import { badRequest, forbidden, unprocessable } from './errors.ts';
import { factorsOf } from './factors.ts';
import type { MfaSettings } from './mfa-config.ts';
import { requireSession, withMfaCaller } from './mfa-caller.ts';
import type { MfaCaller } from './mfa-caller.ts';
import { optionalString, parseBody } from './request.ts';
import { newTotpSecret, qrCodeSvg, totpUri } from './totp.ts';

// POST /factors: enrols an unverified TOTP factor and answers with its secret, key URI and QR code
// (raw SVG markup; supabase-js turns it into a data URI). Phone and WebAuthn are refused as GoTrue
// refuses them while disabled, which is their default.

const DISABLED_TYPES: Record<string, [string, string]> = {
	phone: ['mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone'],
	webauthn: ['mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn'],
};

/** GoTrue's validateFactors, in its order, after DeleteExpiredFactors has purged stale ones. */
async function validateFactors(
	tx: Transaction,
	settings: MfaSettings,
	caller: MfaCaller,
	name: string,
): Promise<void> {
	// Project-wide, as GoTrue does it: unverified, never challenged, older than the factor expiry.
	await tx.query(
		`delete from auth.mfa_factors f where f.status <> 'verified'
		 and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)
		 and f.created_at < now() - make_interval(secs => $1)`,
		[settings.factorExpirySeconds],
	);
	// One enrolment per user at a time: on PostgreSQL two at once would both count the same
	// factors and pass the limit together.
	await tx.query('select 1 from auth.users where id = $1 for update', [caller.user.id]);
	const factors = await factorsOf(tx, caller.user.id);
	if (factors.some((factor) => (factor.friendly_name ?? '') === name))
		throw unprocessable(
			'mfa_factor_name_conflict',
			`A factor with the friendly name "${name}" for this user already exists`,
		);
	const verified = factors.filter((factor) => factor.status === 'verified').length;
	if (factors.length >= settings.maxEnrolledFactors || verified >= settings.maxVerifiedFactors)
		throw unprocessable(
			'too_many_enrolled_mfa_factors',
			'Maximum number of verified factors reached, unenroll to continue',
		);
	if (verified > 0 && caller.aal !== 'aal2')
		throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
}

export async function enrollFactor(
	ctx: AuthContext,
	request: ApiRequest,
	authorization: string | undefined,
): Promise<ApiResponse> {
	return withMfaCaller(ctx, authorization, async (tx, caller) => {
		requireSession(caller, 'A valid session and a registered user are required to enroll a factor');
		// Read once the caller is authenticated, as GoTrue's handler reads its params.
		const body = parseBody(request);
		const factorType = optionalString(body, 'factor_type') ?? '';
		const friendlyName = optionalString(body, 'friendly_name') ?? '';
		const issuerParam = optionalString(body, 'issuer') ?? '';
		const disabled = DISABLED_TYPES[factorType];
		if (disabled) throw unprocessable(disabled[0], disabled[1]);
		if (factorType !== 'totp')
			throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
		if (!ctx.settings.mfa.totpEnrollEnabled)
			throw unprocessable('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
		await validateFactors(tx, ctx.settings.mfa, caller, friendlyName);
		// The issuer defaults to the site URL's host (with its port, as Go's url.Host has it).
		const issuer = issuerParam !== '' ? issuerParam : new URL(ctx.settings.siteUrl).host;
		const secret = newTotpSecret();
		const uri = totpUri(issuer, caller.user.email ?? '', secret);
		const id = randomUUID();
		await tx.query(
			`insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
			 values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
			[id, caller.user.id, friendlyName, secret],
		);
		return json(200, {
			id,
			type: 'totp',
			friendly_name: friendlyName,
			totp: { qr_code: qrCodeSvg(uri), secret, uri },
		});
	});
}
