export type Env = Record<string, string | undefined>;

/**
 * The one way an adapter is picked from the environment (game panel, payment gateway, mailer, live
 * chat, limit store): read at run time, not baked into the build, and made again only when one of
 * the settings it reads changes, so a test or a restarted stack with other settings gets a fresh
 * adapter while every request in between shares one (and the simulation's memory with it).
 */
export function pickAdapter<T>(
	settings: readonly string[],
	create: (env: Env) => T,
): (env?: Env) => T {
	let cached: { key: string; adapter: T } | undefined;
	return (env = process.env) => {
		const key = settings.map((name) => env[name] ?? '').join('\n');
		if (cached?.key !== key) cached = { key, adapter: create(env) };
		return cached.adapter;
	};
}
