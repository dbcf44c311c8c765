import type { APIContext } from 'astro';
import { z } from 'zod';
import type { Locale, UiKey } from '../../i18n';
import { verifiedTotpFactors } from '../../lib/auth/assurance';
import { totpCodeOf } from '../../lib/auth/recovery-codes';
import { readForm } from '../auth/form';
import { clientAddressOf } from '../http/request-address';
import { siteOrigin } from '../config/site-origin';
import { adminClient } from '../supabase/admin-client';
import { sendTwoFactorMail } from './mails';
import { forgetRecoveryCodes, issueRecoveryCodes } from './recovery-codes';
import { underCodeLimits, verifyTotp } from './verify';

/** What a post to the Security tab's two-factor section did, for the page to show. */
export type TwoFactorPost =
	| { step: 'enrolling'; factorId: string; uri: string; error?: UiKey; status?: number }
	| { step: 'codes'; codes: string[]; message: UiKey }
	| { step: 'done'; message: UiKey }
	| { step: 'failed'; error: UiKey; status: number; retryAfterSeconds?: number };

type Context = Pick<APIContext, 'request' | 'url' | 'locals' | 'clientAddress'>;

const enrolment = z.object({
	factorId: z.uuid(),
	uri: z.string().startsWith('otpauth://totp/').max(500),
});

/** The section's forms post to the page, told apart by `intent`; each needs a current code but the first. */
export async function twoFactorAction(context: Context, locale: Locale): Promise<TwoFactorPost> {
	const supabase = context.locals.supabase!;
	const user = context.locals.user!;
	const field = await readForm(context.request);
	if (field.refused)
		return { step: 'failed', error: field.refused.message, status: field.refused.status };
	const admin = adminClient();
	if (!admin) return { step: 'failed', error: 'mfa.error.generic', status: 503 };
	const address = clientAddressOf(context);
	const mail = (event: 'on' | 'off') =>
		user.email && void sendTwoFactorMail(siteOrigin(), user.email, locale, event, address);
	const intent = field('intent');

	if (intent === 'mfa-enroll') {
		if (verifiedTotpFactors(user).length > 0)
			return { step: 'failed', error: 'mfa.error.alreadyOn', status: 409 };
		// An enrolment left half-way stays as an unverified factor; it would clash with a new one.
		for (const stale of user.factors ?? [])
			await supabase.auth.mfa.unenroll({ factorId: stale.id });
		const { data, error } = await supabase.auth.mfa.enroll({
			factorType: 'totp',
			friendlyName: 'Authenticator app',
			issuer: 'Frostnode',
		});
		if (error) return { step: 'failed', error: 'mfa.error.generic', status: 502 };
		return { step: 'enrolling', factorId: data.id, uri: data.totp.uri };
	}

	const code = totpCodeOf(field('code'));
	if (intent === 'mfa-confirm') {
		const posted = enrolment.safeParse({ factorId: field('factorId'), uri: field('uri', true) });
		if (!posted.success) return { step: 'failed', error: 'mfa.error.generic', status: 400 };
		const again = (error: UiKey, status: number) => ({
			step: 'enrolling' as const,
			...posted.data,
			error,
			status,
		});
		if (!code) return again('mfa.error.invalidCode', 400);
		const result = await underCodeLimits(
			user.id,
			address,
			verifyTotp(supabase, posted.data.factorId, code),
		);
		if (!result.ok) return again(result.message, result.status);
		const codes = await issueRecoveryCodes(admin, user.id);
		mail('on');
		return { step: 'codes', codes, message: 'mfa.turnedOn' };
	}

	const factorId = verifiedTotpFactors(user)[0];
	if (!factorId || (intent !== 'mfa-disable' && intent !== 'mfa-codes'))
		return { step: 'failed', error: 'mfa.error.generic', status: 400 };
	if (!code) return { step: 'failed', error: 'mfa.error.invalidCode', status: 400 };
	const result = await underCodeLimits(user.id, address, verifyTotp(supabase, factorId, code));
	if (!result.ok)
		return {
			step: 'failed',
			error: result.message,
			status: result.status,
			retryAfterSeconds: result.retryAfterSeconds,
		};
	if (intent === 'mfa-codes')
		return {
			step: 'codes',
			codes: await issueRecoveryCodes(admin, user.id),
			message: 'mfa.newCodes',
		};
	const { error } = await supabase.auth.mfa.unenroll({ factorId });
	if (error) return { step: 'failed', error: 'mfa.error.generic', status: 502 };
	await forgetRecoveryCodes(admin, user.id);
	// The session's token still says aal2 with a factor that is gone; a refresh makes it current.
	await supabase.auth.refreshSession();
	mail('off');
	return { step: 'done', message: 'mfa.turnedOff' };
}
