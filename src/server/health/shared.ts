import { readiness, type Readiness } from './readiness';

// The route's readiness: one run shared by every caller for a few seconds. /api/ready is public, and
// each run asks Stripe, both panel APIs and the SMTP server: unshared, anyone polling it fast would
// spend the panel's per-minute request limit (240 on the application API) that provisioning needs.
// Monitors poll every 10 s or so and still see each change within `maxAgeMs`.

const maxAgeMs = 5_000;

/** Everything the checks read; a changed setting (a test, a rotated key) is a fresh run. */
const SETTING =
	/^(PUBLIC_SUPABASE_|SUPABASE_|STRIPE_|TEST_GATEWAY_|PTERODACTYL_|GAME_PANEL_|PROXMOX_|HYPERVISOR_|SMTP_|MAIL_)/;

type Env = Record<string, string | undefined>;

function settingsKey(env: Env): string {
	return Object.keys(env)
		.filter((name) => SETTING.test(name))
		.sort()
		.map((name) => `${name}=${env[name] ?? ''}`)
		.join('\n');
}

let last: { key: string; startedAt: number; result: Promise<Readiness> } | undefined;

export function sharedReadiness(
	options: { now?: number; env?: Env; run?: () => Promise<Readiness> } = {},
): Promise<Readiness> {
	const { now = Date.now(), env = process.env, run = () => readiness() } = options;
	const key = settingsKey(env);
	// Counted from the start, so callers during a run wait for that run rather than begin another.
	if (last && last.key === key && now - last.startedAt < maxAgeMs) return last.result;
	const result = run();
	last = { key, startedAt: now, result };
	return result;
}
