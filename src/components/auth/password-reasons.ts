import { useTranslations, type Locale } from '../../i18n';
import { minPasswordLength, type PasswordFeedback } from '../../lib/auth/password-policy';

/** Why a password was refused, as sentences in the reader's language. */
export function passwordReasonTexts(
	locale: Locale,
	reasons: readonly PasswordFeedback[] = [],
): string[] {
	const t = useTranslations(locale);
	return reasons.map((reason) => t(`auth.password.feedback.${reason}`, { min: minPasswordLength }));
}
