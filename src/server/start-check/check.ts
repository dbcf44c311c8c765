import { readFileSync } from 'node:fs';
import { readDnsConfig } from '../dns/config.ts';
import { resolverAddresses } from '../dns/resolver-addresses.ts';
import { readGamePanelConfig } from '../game-panel/config.ts';
import { readHypervisorConfig } from '../hypervisor/config.ts';
import { readPterodactyl } from '../game-panel/config-pterodactyl.ts';
import { readLiveChatConfig } from '../live-chat/config.ts';
import { parseMailFrom, parseSmtpUrl } from '../mail/config.ts';
import { readModpackConfig } from '../modpacks/config.ts';
import { readPaymentConfig } from '../payments/config.ts';
import { runMode, siteProblems, supabaseProblems, type Mode } from './site-checks.ts';
import { errorText } from '../log/error-text.ts';

/**
 * The start-up check (server/site-server.ts runs it before serving anything): every missing or
 * malformed setting, each named, in one list. Production additionally refuses the development
 * stand-ins (test gateway, simulated panel, simulated hypervisor, embedded DNS, no mail, a local
 * Supabase stack with its Google sign-in stand-in): a shop that takes money must really charge,
 * provision, mail and sign people in. Relative imports carry .ts because the site server loads this file directly.
 */
type Env = Record<string, string | undefined>;
type ReadFile = (path: string) => string;

export { runMode, type Mode };

function caught(read: () => unknown): string[] {
	try {
		read();
		return [];
	} catch (error) {
		// The panel reader lists all its problems in one message; one line each reads better.
		return errorText(error)
			.replace(/^The game panel is not configured: /, '')
			.split('; ');
	}
}

function paymentProblems(env: Env, mode: Mode): string[] {
	if (mode === 'production' && !env.STRIPE_SECRET_KEY?.trim()) {
		const missing = [
			'STRIPE_SECRET_KEY is not set: production takes payments through Stripe only (the test gateway marks invoices paid at a click)',
		];
		if (!env.STRIPE_WEBHOOK_SECRET?.trim())
			missing.push(
				'STRIPE_WEBHOOK_SECRET is not set (the whsec_… signing secret of the webhook endpoint)',
			);
		return missing;
	}
	const stripe = env.STRIPE_SECRET_KEY?.trim();
	const service = env.SUPABASE_SERVICE_ROLE_KEY?.trim() || env.SUPABASE_SECRET_KEY?.trim();
	// Without a backend nothing can be ordered, so the test gateway has nothing to sign yet.
	if (!stripe && !service && !env.TEST_GATEWAY_SECRET?.trim()) return [];
	const problems = caught(() => readPaymentConfig(env));
	if (stripe && !env.STRIPE_WEBHOOK_SECRET?.trim())
		problems.push(
			'STRIPE_WEBHOOK_SECRET is not set (the whsec_… signing secret of the webhook endpoint)',
		);
	return problems;
}

function gamePanelProblems(env: Env, mode: Mode, readFile: ReadFile): string[] {
	// In production an unset PTERODACTYL_URL is one problem among the panel's others, all named.
	if (mode === 'production') return caught(() => readPterodactyl(env, readFile));
	return caught(() => readGamePanelConfig(env, readFile));
}

function hypervisorProblems(env: Env, mode: Mode): string[] {
	// The simulated hypervisor runs nothing: a paid VPS would be shown as delivered and not exist.
	if (mode === 'production' && !env.PROXMOX_URL?.trim())
		return [
			'PROXMOX_URL is not set: production delivers VPS machines on Proxmox VE (PROXMOX_URL, PROXMOX_TOKEN_ID, PROXMOX_TOKEN_SECRET), never on the simulated hypervisor',
		];
	// Every format problem of the Proxmox settings at once (URL, token, fingerprint, CA file).
	return caught(() => readHypervisorConfig(env));
}

function dnsProblems(env: Env, mode: Mode): string[] {
	const problems = caught(() => readDnsConfig(env));
	for (const entry of resolverAddresses(env).invalid)
		problems.push(
			`DNS_RESOLVERS must list IP addresses separated by commas: "${entry}" is not one`,
		);
	const provider = env.DNS_PROVIDER?.trim() || (env.POWERDNS_API_URL?.trim() ? 'powerdns' : '');
	// The embedded DNS serves nobody: a paid subdomain would be shown and never resolve.
	if (mode === 'production' && provider !== 'powerdns')
		problems.unshift(
			'DNS_PROVIDER is not powerdns: production publishes customer subdomains through PowerDNS (POWERDNS_API_URL, POWERDNS_API_KEY, DNS_ZONE)',
		);
	return problems;
}

function mailProblems(env: Env, mode: Mode): string[] {
	const problems: string[] = [];
	const smtp = env.SMTP_URL?.trim();
	const from = env.MAIL_FROM?.trim();
	if (smtp) problems.push(...caught(() => parseSmtpUrl(smtp)));
	else if (mode === 'production' || from)
		problems.push('SMTP_URL is not set (smtp[s]://user:pass@host:port)');
	if (from) problems.push(...caught(() => parseMailFrom(from)));
	else if (mode === 'production' || smtp)
		problems.push('MAIL_FROM is not set (e.g. "Frostnode <noreply@example.com>")');
	return problems;
}

function cronProblems(env: Env, mode: Mode): string[] {
	const secret = env.CRON_SECRET?.trim();
	if (!secret)
		return mode === 'production'
			? ['CRON_SECRET is not set: nothing could start the billing run']
			: [];
	return secret.length < 32 ? ['CRON_SECRET must be at least 32 characters'] : [];
}

/** Every problem with the environment, for the given mode; empty when the site may serve. */
export function configurationProblems(
	env: Env,
	mode: Mode = runMode(env),
	readFile: ReadFile = (path) => readFileSync(path, 'utf8'),
): string[] {
	const problems = [
		...siteProblems(env, mode),
		...supabaseProblems(env, mode),
		...paymentProblems(env, mode),
		...gamePanelProblems(env, mode, readFile),
		...hypervisorProblems(env, mode),
		...dnsProblems(env, mode),
		...mailProblems(env, mode),
		...cronProblems(env, mode),
		...caught(() => readLiveChatConfig(env)),
		...caught(() => readModpackConfig(env)),
	];
	return [...new Set(problems)];
}

/** The one message an operator reads when the server refuses to start. */
export function describeProblems(problems: string[], mode: Mode): string {
	return [
		`The site server will not start (${mode} mode): ${problems.length} setting${problems.length === 1 ? '' : 's'} to fix.`,
		...problems.map((problem) => `  - ${problem}`),
		'Every setting is described in docs/operations.md.',
	].join('\n');
}
