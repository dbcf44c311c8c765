/**
 * A simulated capacity setting (GAME_PANEL_SIM_CAPACITY, HYPERVISOR_SIM_CAPACITY): comma-separated
 * `name=n:n…` entries, one whole number per field, e.g. `frankfurt=8:100,oslo=512:8000`. Gives the
 * numbers by name, or the problem in words naming the setting. Loaded by the site server's start-up
 * check: no imports.
 */
export function parseCapacityList(
	setting: string,
	raw: string | undefined,
	fields: readonly string[],
	isName: (name: string) => boolean,
): { entries: Record<string, number[]> } | { problem: string } {
	const entries: Record<string, number[]> = {};
	const shape = `name=${fields.join(':')}`;
	for (const part of (raw ?? '').split(',')) {
		if (!part.trim()) continue;
		const [name = '', numbers = ''] = part.split('=').map((side) => side.trim());
		const values = numbers
			.split(':')
			.map((value) => (/^\d{1,9}$/.test(value) ? Number(value) : NaN));
		if (!isName(name))
			return { problem: `${setting} names "${name}", which is not one it knows (${shape})` };
		if (values.length !== fields.length || values.some(Number.isNaN))
			return {
				problem: `${setting} must be ${shape} entries with whole numbers, not "${part.trim()}"`,
			};
		if (name in entries) return { problem: `${setting} names "${name}" twice` };
		entries[name] = values;
	}
	return { entries };
}
