/** The strings the backups page ships: its own, the panel's refusals and the way back. */
export function backupKeys(dictionary: Record<string, string>): string[] {
	const prefixes = ['gameBackups.', 'gameServer.refusal.'];
	return [
		'panel.error.generic',
		'panel.error.retry',
		'panel.loading',
		'servers.backToServer',
		...Object.keys(dictionary).filter((key) => prefixes.some((prefix) => key.startsWith(prefix))),
	];
}
