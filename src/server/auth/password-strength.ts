import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as de from '@zxcvbn-ts/language-de';
import * as en from '@zxcvbn-ts/language-en';
import {
	feedbackKeys,
	minPasswordLength,
	type PasswordFeedback,
} from '../../lib/auth/password-policy';

export type { PasswordFeedback };

/**
 * The password policy: at least 10 characters, at most 72 bytes (the auth service's bcrypt
 * limit), and a zxcvbn score of 3 or more ("safely unguessable" against an online attack),
 * judged against common passwords, English and German words, Scandinavian favourites, and what
 * the person and this site are called. The reasons are zxcvbn's own feedback keys, which every
 * locale translates under `auth.password.feedback.*`.
 */
export const minScore = 3;
export const maxPasswordBytes = 72;

/** Words that zxcvbn's dictionaries lack but Norwegian and Danish customers reach for. */
const nordic = [
	'passord',
	'kodeord',
	'adgangskode',
	'hemmelig',
	'hemmeligt',
	'sommer',
	'vinter',
	'hoest',
	'efteraar',
	'vaar',
	'foraar',
	'fotball',
	'fodbold',
	'kjaereste',
	'kaereste',
	'elskling',
	'skat',
	'norge',
	'danmark',
	'oslo',
	'bergen',
	'kobenhavn',
	'aarhus',
	'velkommen',
	'hallo',
];
/** This site's own words, and the demo sign-ins its README publishes: known to everyone. */
const site = [
	'frostnode',
	'frost',
	'node',
	'server',
	'hosting',
	'minecraft',
	'demo',
	'frostnode-demo-2026',
	'frostnode-other-2026',
];

const zxcvbn = new ZxcvbnFactory({
	graphs: common.adjacencyGraphs,
	dictionary: { ...common.dictionary, ...en.dictionary, ...de.dictionary, nordic },
	useLevenshteinDistance: false,
});

const known = new Set<string>(feedbackKeys);

/** `Kari.Nordmann@example.com` → its local part and each word of it, lower-cased. */
function personalWords(value: string): string[] {
	const lower = value.trim().toLowerCase();
	const local = lower.split('@')[0] ?? '';
	return [lower, local, ...lower.split(/[@.\s_+-]+/)].filter((word) => word.length >= 3);
}

/**
 * Why a password is refused (empty when it is accepted). `personal` are the person's own words:
 * e-mail, names; a password built from them is easy for anyone who knows them.
 */
export function passwordProblems(password: string, personal: string[] = []): PasswordFeedback[] {
	const bytes = Buffer.byteLength(password);
	if (bytes > maxPasswordBytes) return ['tooLong'];
	const tooShort = [...password].length < minPasswordLength;
	const inputs = [...site, ...personal.flatMap(personalWords)];
	const result = zxcvbn.check(password, inputs);
	if (!tooShort && result.score >= minScore) return [];
	const { warning, suggestions } = result.feedback;
	const reasons = [warning, ...suggestions].filter(
		(key): key is PasswordFeedback => key !== null && known.has(key),
	);
	if (tooShort) reasons.unshift('length');
	// A weak password always gets at least one reason a person can act on.
	if (reasons.length === 0) reasons.push('anotherWord');
	return [...new Set(reasons)];
}
