/**
 * The text file a customer downloads with their recovery codes: which shop and account they are
 * for, the codes one a line (as they are typed in), and what they are for, in the page's language.
 */
export function recoveryCodesFile(
	codes: string[],
	account: string,
	words: { heading: string; explain: string },
): string {
	return [`Frostnode: ${words.heading}`, account, '', ...codes, '', words.explain, ''].join('\n');
}
