/** The UI strings the staff money islands ship: the section's own keys, picked by prefix. */
export function moneyKeys(dictionary: Record<string, string>): string[] {
	return Object.keys(dictionary).filter((key) => key.startsWith('staff.money.'));
}
