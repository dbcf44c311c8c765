/**
 * The shortest password the site accepts. The whole policy (a real strength estimate with reasons)
 * runs on the server, in src/server/auth/password-strength.ts; pages only need the number to say it.
 */
export const minPasswordLength = 10;

/**
 * Why a password can be refused: too short, too long for bcrypt, or one of zxcvbn's own feedback
 * keys, each translated under `auth.password.feedback.*`. Here, not beside the check, because pages
 * name the reasons too.
 */
export const feedbackKeys = [
	'straightRow',
	'keyPattern',
	'simpleRepeat',
	'extendedRepeat',
	'sequences',
	'recentYears',
	'dates',
	'topTen',
	'topHundred',
	'common',
	'similarToCommon',
	'wordByItself',
	'namesByThemselves',
	'commonNames',
	'userInputs',
	'l33t',
	'reverseWords',
	'allUppercase',
	'capitalization',
	'associatedYears',
	'repeated',
	'longerKeyboardPattern',
	'anotherWord',
	'useWords',
] as const;

export type PasswordFeedback = 'length' | 'tooLong' | (typeof feedbackKeys)[number];
