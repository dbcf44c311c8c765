import { useTranslations, type Locale } from '../../i18n';
import { minPasswordLength } from '../../lib/auth/password-policy';
import type { PasswordReason } from '../../server/auth/errors';

/** The auth service's reasons for refusing a password, as sentences in the reader's language. */
export function passwordReasonTexts(
	locale: Locale,
	reasons: readonly PasswordReason[] = [],
): string[] {
	const t = useTranslations(locale);
	return reasons.map((reason) => t(`auth.password.reason.${reason}`, { min: minPasswordLength }));
}
