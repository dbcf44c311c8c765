import type { RateLimitSettings } from './auth/rate-limit.ts';
import { DEFAULT_RATE_LIMITS } from './auth/rate-limit.ts';
import { DEFAULT_MFA } from './auth/mfa-config.ts';
import type { MfaSettings } from './auth/mfa-config.ts';

// Options of startLocalStack and their defaults. The defaults match supabase/config.toml (a unit test
// checks that), so the local stack and a hosted project configured from that file behave alike.

export interface LocalStackOptions {
	/** Folder for the database, JWT secret and mailbox; undefined keeps everything in memory. */
	dataDir?: string;
	/**
	 * postgres://… of a PostgreSQL server (15 or newer) to hold the data instead of PGlite; the stack
	 * prepares an empty database itself (roles, auth schema, extensions, migrations, seed). The JWT
	 * secret and mailbox still live in dataDir (or memory).
	 */
	databaseUrl?: string;
	/** Connections the PostgreSQL pool may open (default 10, as PostgREST's db-pool). */
	poolSize?: number;
	/** API port (auth + rest); 0 picks a free one. */
	apiPort?: number;
	/** Mailbox port; 0 picks a free one. */
	mailPort?: number;
	/**
	 * Port where the mailbox receives SMTP; 0 picks a free one. Unset, it is the default (54325), or
	 * a free one when mailPort is 0: a stack on free ports must not collide with another.
	 */
	smtpPort?: number;
	migrationsDir?: string;
	seedFile?: string;
	/**
	 * The Supabase CLI config whose `[auth.email.template.*]` sections (subject, content_path) Auth
	 * mails with, as `supabase start` does; null sends GoTrue's default wording.
	 */
	configFile?: string | null;
	quiet?: boolean;
	/** Skip e-mail confirmation on sign-up (GoTrue's mailer autoconfirm). */
	autoConfirm?: boolean;
	/** Site URL: the default redirect and the base every redirect_to must share a host with. */
	siteUrl?: string;
	/**
	 * GoTrue's "secure password change" (`[auth.email] secure_password_change`, off): a session older
	 * than 24 hours changes the password only with the nonce `reauthenticate()` mails.
	 */
	securePasswordChange?: boolean;
	/**
	 * The hosted project's "IP address forwarding" (on by default): a request made with the secret API
	 * key may name the client address in Sb-Forwarded-For, and Auth's rate limits use that address.
	 */
	sbForwardedForEnabled?: boolean;
	/**
	 * Google sign-in (`[auth.external.google] enabled` of configFile when unset). Offline, Google's
	 * pages are played by a clearly labelled stand-in the stack serves.
	 */
	externalGoogle?: boolean;
	/**
	 * GoTrue's MFA verification attempt hook, `pg-functions://postgres/<schema>/<function>`
	 * (`[auth.hook.mfa_verification_attempt]` of configFile when unset; null for none).
	 */
	mfaVerificationAttemptHook?: string | null;
	// Beyond the documented interface: knobs tests use to reach limits quickly.
	host?: string;
	additionalRedirectUrls?: string[];
	jwtExpirySeconds?: number;
	refreshTokenReuseIntervalSeconds?: number;
	mailMinIntervalSeconds?: number;
	rateLimits?: Partial<RateLimitSettings>;
	/** GoTrue's MFA settings (factor limits, challenge expiry); unset ones keep GoTrue's defaults. */
	mfa?: Partial<MfaSettings>;
	maxBodyBytes?: number;
	minimumPasswordLength?: number;
}

export const DEFAULTS = {
	apiPort: 54321,
	mailPort: 54324,
	smtpPort: 54325,
	migrationsDir: 'supabase/migrations',
	seedFile: 'supabase/seed.sql',
	configFile: 'supabase/config.toml',
	siteUrl: 'http://localhost:4321',
	additionalRedirectUrls: ['http://127.0.0.1:4321/**'],
	host: '127.0.0.1',
	jwtExpirySeconds: 3600,
	refreshTokenReuseIntervalSeconds: 10,
	mailMinIntervalSeconds: 60,
	minimumPasswordLength: 10,
	otpExpirySeconds: 3600,
	securePasswordChange: false,
	flowStateExpirySeconds: 300,
	// 1 MiB: far above any storefront payload, small enough that a runaway upload is refused early.
	maxBodyBytes: 1024 * 1024,
	rateLimits: DEFAULT_RATE_LIMITS,
	// GoTrue's MFA defaults; config.toml turns TOTP on for `supabase start` and the hosted project.
	mfa: DEFAULT_MFA,
	// The site signs customers in from its server; without forwarding they would share one address.
	sbForwardedForEnabled: true,
} as const;
