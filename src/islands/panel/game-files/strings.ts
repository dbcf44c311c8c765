/** The strings the files page ships: its own, the panel's refusals, and PanelAccess's for SFTP. */
export function fileKeys(dictionary: Record<string, string>): string[] {
	const prefixes = [
		'gameFiles.',
		'gameServer.refusal.',
		'servers.resetPassword',
		'servers.password',
	];
	return [
		'panel.error.generic',
		'panel.error.retry',
		'panel.loading',
		'servers.backToServer',
		'servers.access',
		'servers.goToPanel',
		'servers.username',
		...Object.keys(dictionary).filter((key) => prefixes.some((prefix) => key.startsWith(prefix))),
	];
}
