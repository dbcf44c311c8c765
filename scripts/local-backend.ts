import { resolve } from 'node:path';
import { updateEnvFile } from '../supabase/local/env-file.ts';
import {
	startLocalStack,
	type LocalStack,
	type LocalStackOptions,
} from '../supabase/local/stack.ts';

export interface Backend {
	/** What the site server needs to reach Supabase. */
	env: Record<string, string>;
	/** The local stack, when one was started (no hosted project configured). */
	stack?: LocalStack;
}

/**
 * The backend the site talks to: the hosted project named by PUBLIC_SUPABASE_URL in the
 * environment, or else the local stack, whose URL and keys go to `.env.local` for the tools
 * that read it (Astro's dev server, the tests).
 */
export async function startBackend(
	options: LocalStackOptions & { envFile?: string } = {},
): Promise<Backend> {
	const { PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY } = process.env;
	if (PUBLIC_SUPABASE_URL && PUBLIC_SUPABASE_ANON_KEY) {
		return {
			env: {
				PUBLIC_SUPABASE_URL,
				PUBLIC_SUPABASE_ANON_KEY,
				SUPABASE_SERVICE_ROLE_KEY: SUPABASE_SERVICE_ROLE_KEY ?? '',
			},
		};
	}
	const { envFile, ...stackOptions } = options;
	const stack = await startLocalStack(stackOptions);
	const env = {
		PUBLIC_SUPABASE_URL: stack.url,
		PUBLIC_SUPABASE_ANON_KEY: stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
	};
	if (envFile) await updateEnvFile(resolve(envFile), env);
	return { env, stack };
}
