import { parseTrustedProxies } from '../http/client-address.ts';
import { parseHostAliases } from '../config/site-origin.ts';
import { errorText } from '../log/error-text.ts';
import { isLocalStackKey } from '../config/local-stack-keys.ts';

// The site's own settings: where it is, how it listens, and what it needs from Supabase. Each
// check names its variable and never echoes a secret's value.

type Env = Record<string, string | undefined>;
export type Mode = 'production' | 'development';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

function parseUrl(raw: string): URL | undefined {
	try {
		return new URL(raw);
	} catch {
		return undefined;
	}
}

/** A public https:// address means customers: production, unless NODE_ENV says otherwise. */
export function runMode(env: Env): Mode {
	const nodeEnv = env.NODE_ENV?.trim();
	if (nodeEnv) return nodeEnv === 'production' ? 'production' : 'development';
	const site = parseUrl(env.PUBLIC_SITE_URL?.trim() ?? '');
	return site?.protocol === 'https:' && !LOOPBACK.test(site.hostname)
		? 'production'
		: 'development';
}

function whole(env: Env, name: string, min: number, max: number, problems: string[]) {
	const raw = env[name]?.trim();
	if (!raw) return;
	const value = Number(raw);
	if (!/^\d+$/.test(raw) || value < min || value > max)
		problems.push(`${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
}

function siteUrl(env: Env, mode: Mode, problems: string[]) {
	const raw = env.PUBLIC_SITE_URL?.trim();
	if (!raw) {
		if (mode === 'production')
			problems.push('PUBLIC_SITE_URL is not set (the public https:// address of the shop)');
		return;
	}
	const url = parseUrl(raw);
	if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/')
		problems.push(
			`PUBLIC_SITE_URL must be an origin such as https://frostnode.example, not "${raw}"`,
		);
	else if (mode === 'production' && url.protocol !== 'https:')
		problems.push('PUBLIC_SITE_URL must be https:// in production');
}

export function siteProblems(env: Env, mode: Mode): string[] {
	const problems: string[] = [];
	const nodeEnv = env.NODE_ENV?.trim();
	if (nodeEnv && !['production', 'development', 'test'].includes(nodeEnv))
		problems.push(`NODE_ENV must be production, development or test, not "${nodeEnv}"`);
	siteUrl(env, mode, problems);
	whole(env, 'PORT', 1, 65535, problems);
	whole(env, 'SHUTDOWN_GRACE_MS', 0, 600_000, problems);
	whole(env, 'PROVISIONING_RETRY_MS', 1, 3_600_000, problems);
	whole(env, 'PROVISIONING_POLL_MS', 1, 600_000, problems);
	const level = env.LOG_LEVEL?.trim();
	if (level && !['debug', 'info', 'warn', 'error', 'silent'].includes(level.toLowerCase()))
		problems.push(`LOG_LEVEL must be debug, info, warn, error or silent, not "${level}"`);
	for (const parse of [
		() => parseTrustedProxies(env.TRUSTED_PROXIES),
		() => parseHostAliases(env.SITE_HOST_ALIASES),
	]) {
		try {
			parse();
		} catch (error) {
			problems.push(errorText(error));
		}
	}
	return problems;
}

export function supabaseProblems(env: Env, mode: Mode): string[] {
	const problems: string[] = [];
	const url = env.PUBLIC_SUPABASE_URL?.trim();
	const anon = env.PUBLIC_SUPABASE_ANON_KEY?.trim();
	const service = env.SUPABASE_SERVICE_ROLE_KEY?.trim() || env.SUPABASE_SECRET_KEY?.trim();
	const production = mode === 'production';
	if (url) {
		const parsed = parseUrl(url);
		if (!parsed || !/^https?:$/.test(parsed.protocol))
			problems.push(
				`PUBLIC_SUPABASE_URL must be the project URL such as https://<ref>.supabase.co, not "${url}"`,
			);
		else if (production && parsed.protocol !== 'https:' && !LOOPBACK.test(parsed.hostname))
			problems.push('PUBLIC_SUPABASE_URL must be https:// in production');
	}
	// Half a backend is worse than none: the shop would render and then fail every sign-in.
	if ((production || url || anon) && !url) problems.push('PUBLIC_SUPABASE_URL is not set');
	if ((production || url) && !anon) problems.push('PUBLIC_SUPABASE_ANON_KEY is not set');
	if ((production || url) && !service)
		problems.push(
			'SUPABASE_SERVICE_ROLE_KEY (or SUPABASE_SECRET_KEY) is not set: orders, billing and webhooks need it',
		);
	if (production && [anon, env.SUPABASE_SERVICE_ROLE_KEY].some(isLocalStackKey))
		problems.push(
			'PUBLIC_SUPABASE_ANON_KEY or SUPABASE_SERVICE_ROLE_KEY is a local Supabase stack’s key: production runs on a Supabase project, never on the local stack (its Google sign-in is a stand-in) or `supabase start` (its JWT secret is public)',
		);
	const secret = env.SUPABASE_SECRET_KEY?.trim();
	if (secret && !/^sb_secret_\S+$/.test(secret))
		problems.push('SUPABASE_SECRET_KEY must be a secret API key (sb_secret_…)');
	return problems;
}
