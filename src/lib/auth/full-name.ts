/**
 * A provider's one name field ("Ola Nordmann") as the profile's two: the last word is the last
 * name, the rest the first (so "Anne Marie Berg" keeps "Anne Marie"). One word is a first name
 * only; the customer completes the rest in the profile.
 */
export function splitFullName(full: string): { firstName: string; lastName: string } {
	const words = full.trim().split(/\s+/).filter(Boolean);
	if (words.length < 2) return { firstName: words[0] ?? '', lastName: '' };
	return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1) ?? '' };
}
