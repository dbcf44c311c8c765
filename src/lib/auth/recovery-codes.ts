/**
 * Two-factor recovery codes as the customer sees them: ten of them, each ten characters from an
 * alphabet without look-alikes (no 0/O, 1/I/L), shown as two groups of five. 50 random bits each,
 * far beyond guessing under the code limits. What is stored is the hash of the normalised form
 * (src/server/mfa/recovery-codes.ts), so typing it in lower case or without the dash still works.
 */

export const recoveryCodeCount = 10;
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const length = 10;

/** A fresh set of codes, formatted for display. */
export function generateRecoveryCodes(count = recoveryCodeCount): string[] {
	return Array.from({ length: count }, () => {
		const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
		let code = '';
		// Rejection sampling keeps every character equally likely (256 is not a multiple of 31).
		for (const byte of bytes) {
			if (code.length === length) break;
			if (byte < 248) code += alphabet[byte % alphabet.length];
		}
		return code.length === length
			? `${code.slice(0, 5)}-${code.slice(5)}`
			: generateRecoveryCodes(1)[0]!;
	});
}

/** The form a typed code is compared in: upper case, without spaces or dashes. */
export function normaliseRecoveryCode(typed: string): string {
	return typed.toUpperCase().replace(/[\s-]/g, '');
}

export function looksLikeRecoveryCode(typed: string): boolean {
	return new RegExp(`^[${alphabet}]{${length}}$`).test(normaliseRecoveryCode(typed));
}

/** An authenticator app's code: six digits, spaces allowed (some apps show "123 456"). */
export function totpCodeOf(typed: string): string | null {
	const digits = typed.replace(/\s/g, '');
	return /^\d{6}$/.test(digits) ? digits : null;
}

/** The secret for typing by hand, in groups of four. */
export function groupSecret(secret: string): string {
	return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}
