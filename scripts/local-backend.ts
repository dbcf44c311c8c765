import { resolve } from 'node:path';
import {
	startLocalStack,
	updateEnvFile,
	type LocalStack,
	type LocalStackOptions,
} from '@frostnode/local-supabase';

/**
 * The site's mail settings for a local stack: product mail goes over SMTP, as in production, to the
 * stack's mailbox, where it shows beside Auth's mail, from the same sender (supabase/config.toml)
 * unless MAIL_FROM names another.
 */
export function localMailEnv(
	stack: Pick<LocalStack, 'smtpUrl' | 'mailFrom'>,
): Record<string, string> {
	return { SMTP_URL: stack.smtpUrl, MAIL_FROM: process.env.MAIL_FROM || stack.mailFrom };
}

export interface Backend {
	/** What the site server needs to reach Supabase. */
	env: Record<string, string>;
	/** The local stack, when one was started (no hosted project configured). */
	stack?: LocalStack;
}

/**
 * The backend the site talks to: the hosted project named by PUBLIC_SUPABASE_URL in the
 * environment (SMTP_URL and MAIL_FROM then come from the environment too), or else the local
 * stack, whose URL, keys and SMTP settings go to `.env.local` for the tools that read it (Astro's
 * dev server, the tests).
 */
export async function startBackend(
	options: LocalStackOptions & { envFile?: string } = {},
): Promise<Backend> {
	const {
		PUBLIC_SUPABASE_URL,
		PUBLIC_SUPABASE_ANON_KEY,
		SUPABASE_SERVICE_ROLE_KEY = '',
		SUPABASE_SECRET_KEY = '',
	} = process.env;
	if (PUBLIC_SUPABASE_URL && PUBLIC_SUPABASE_ANON_KEY) {
		return {
			env: {
				PUBLIC_SUPABASE_URL,
				PUBLIC_SUPABASE_ANON_KEY,
				SUPABASE_SERVICE_ROLE_KEY,
				SUPABASE_SECRET_KEY,
			},
		};
	}
	const { envFile, ...stackOptions } = options;
	// DATABASE_URL puts the stack's data on that PostgreSQL server instead of PGlite (its keys and
	// mailbox stay in dataDir); docs/database-engines.md.
	const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
	const stack = await startLocalStack({ databaseUrl, ...stackOptions });
	const env = {
		PUBLIC_SUPABASE_URL: stack.url,
		PUBLIC_SUPABASE_ANON_KEY: stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
		// The secret key lets the site name each customer's address to the auth service (Sb-Forwarded-For).
		SUPABASE_SECRET_KEY: stack.secretKey,
		...localMailEnv(stack),
	};
	if (envFile) await updateEnvFile(resolve(envFile), env);
	return { env, stack };
}
