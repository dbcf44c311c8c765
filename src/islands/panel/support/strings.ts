/** The UI strings the support pages ship (as ../strings.ts does for the other panel pages). */
const shared = [
	'panel.error.generic',
	'panel.error.retry',
	'panel.loading',
	'auth.error.missingFields',
	// serviceName() names a VPS with it.
	'invoice.type.vps',
] as const;

/** Keys for /panel/support and a ticket's thread: the shared ones and every support key. */
export function supportKeys(dictionary: Record<string, string>): string[] {
	return [...shared, ...Object.keys(dictionary).filter((key) => key.startsWith('support.'))];
}
