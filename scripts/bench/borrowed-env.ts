/**
 * Points this process's environment at a bench's own stack, for the site's server modules the
 * bench loads in-process, and returns what puts it back. Left pointed, later benches that start
 * their own backend would take the stopped stack for a configured hosted project.
 */
export function borrowEnv(values: Record<string, string>): () => void {
	const before = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
	Object.assign(process.env, values);
	return () => {
		for (const [key, value] of Object.entries(before)) {
			if (value === undefined) delete process.env[key];
			else process.env[key] = value;
		}
	};
}
