/**
 * The password rules as a visitor sees them while typing. The auth service enforces the real
 * policy (at least 10 characters, not among ~10,000 common passwords); this mirrors it closely
 * enough to explain a refusal before it happens, with a short list of the most common ones.
 */
export const minPasswordLength = 10;

export type PasswordWeakness = 'length' | 'common' | 'simple';

const mostCommon = new Set(
	'123456789012 1234567890 qwertyuiop password123 password1234 iloveyou123 1q2w3e4r5t 1qaz2wsx3edc qwerty1234 abcdefghij 0987654321 passwordpassword princess123 football123 monkey1234 letmein123 dragon1234 sunshine123 trustno1234 baseball123 superman123 minecraft123 administrator welcome123 changeme123 qwertyuiop123 zaq12wsxcde asdfghjkl1 michael123 jennifer123 charlie123 whatever123 starwars123 pokemon123 liverpool1 chelsea123 arsenal123 passw0rd123 mustang123 shadow1234 master1234 hunter1234 killer1234 summer2024 summer2025 summer2026 winter2025 winter2026 password2025 password2026 sommer2026 vinter2026 fotball123 passord123 hemmelig123 kodeord123 sommerfugl 1234567891 1111111111 0000000000 qwertzuiop passwort123 hallo12345 schalke04 bayern1234'.split(
		' ',
	),
);

/** Why a password would be refused, or an empty list. */
export function passwordWeaknesses(password: string): PasswordWeakness[] {
	const weaknesses: PasswordWeakness[] = [];
	if (new TextEncoder().encode(password).length < minPasswordLength) weaknesses.push('length');
	const lower = password.toLowerCase();
	if (mostCommon.has(lower)) weaknesses.push('common');
	const distinct = new Set(lower).size;
	const sequential = /(0123|1234|2345|3456|4567|5678|6789|abcd|bcde|qwer|asdf|zxcv)/.test(lower);
	if (password.length > 0 && (distinct < 5 || (sequential && distinct < 8)))
		weaknesses.push('simple');
	return weaknesses;
}
