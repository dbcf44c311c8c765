/** The strings the Modpacks tab ships: its own, the software and loader names, the way back. */
export function modpackKeys(dictionary: Record<string, string>): string[] {
	const prefixes = ['modpacks.', 'minecraft.software.', 'minecraft.loader.', 'software.step.'];
	return [
		'software.error.not_minecraft',
		'software.error.modpack_needs_ram_max',
		'panel.error.generic',
		'panel.error.retry',
		'panel.loading',
		'servers.backToServer',
		...Object.keys(dictionary).filter((key) => prefixes.some((prefix) => key.startsWith(prefix))),
	];
}
