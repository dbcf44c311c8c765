import type { Database, Transaction } from '../db/database.ts';
import type { ProjectKeys } from '../keys/project-keys.ts';
import type { Mailbox } from '../mailbox/store.ts';
import type { BcryptPool } from './bcrypt-pool.ts';
import type { EmailTemplates } from './template-config.ts';
import type { PasswordPolicy } from './passwords.ts';
import type { LoginLimiter } from './rate-limit.ts';
import type { MfaSettings } from './mfa-config.ts';
import type { StandInProofs } from './google-stand-in-proofs.ts';

// Everything an auth endpoint needs, passed explicitly instead of living in module globals, so two
// stacks in one process (tests) never share state.

export interface AuthSettings {
	siteUrl: string;
	additionalRedirectUrls: string[];
	jwtExpirySeconds: number;
	/** Mailer autoconfirm: sign-up needs no e-mail confirmation. */
	autoConfirm: boolean;
	passwordPolicy: PasswordPolicy;
	refreshTokenReuseIntervalSeconds: number;
	/** GoTrue's SMTP max_frequency: minimum gap between two mails of one kind to one user. */
	mailMinIntervalSeconds: number;
	otpExpirySeconds: number;
	/** How long a PKCE auth code may wait before it is exchanged. */
	flowStateExpirySeconds: number;
	/** Sessions per user are unlimited, as on a default project; secure e-mail change is on. */
	secureEmailChange: boolean;
	/** A session older than a day needs the mailed reauthentication nonce to change the password. */
	securePasswordChange: boolean;
	/**
	 * The project's "IP address forwarding": with the secret API key, Sb-Forwarded-For names the client
	 * address that rate limits and sessions see.
	 */
	sbForwardedForEnabled: boolean;
	/** Google sign-in is enabled; here it goes to the embedded stand-in (auth/google-stand-in.ts). */
	externalGoogle: boolean;
	/** The project's own mail templates by kind (config.toml); a kind without one is GoTrue's. */
	emailTemplates: EmailTemplates;
	/** Multi-factor authentication (TOTP): factor limits, challenge expiry, enabled flags. */
	mfa: MfaSettings;
	/** The MFA verification attempt hook's function, quoted (`"public"."fn"`); none when unset. */
	mfaVerificationAttemptHook: string | undefined;
}

export interface AuthContext {
	db: Database;
	keys: ProjectKeys;
	settings: AuthSettings;
	mailbox: Mailbox;
	limiter: LoginLimiter;
	/** The Google stand-in's open sign-ins and wrong codes per address. */
	standIn: StandInProofs;
	bcrypt: BcryptPool;
	/** Base URL of the API port, e.g. http://127.0.0.1:54321 (known once the port is bound). */
	apiUrl: () => string;
}

export function authUrl(ctx: AuthContext): string {
	return `${ctx.apiUrl()}/auth/v1`;
}

/**
 * One transaction as GoTrue runs it: as supabase_auth_admin with search_path `auth`, so a trigger on
 * auth.users that is not security definer fails here exactly as it would on a hosted project.
 */
export function authTransaction<T>(
	ctx: AuthContext,
	work: (tx: Transaction) => Promise<T>,
): Promise<T> {
	return ctx.db.transaction(async (tx) => {
		await tx.exec(`set local role supabase_auth_admin; set local search_path = auth`);
		return work(tx);
	});
}
