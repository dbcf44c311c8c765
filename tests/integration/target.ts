import { execSync } from 'node:child_process';
import {
	startLocalStack,
	type LocalStack,
	type LocalStackOptions,
} from '@frostnode/local-supabase';

// Which Supabase the integration tests talk to. By default each suite starts its own embedded stack;
// with SUPABASE_TEST_URL set they talk to that one instead (the official stack from `supabase
// start`, or a hosted test project), so the same tests can prove the same behaviour on the real
// service. The README's "Testing against another Supabase" section is the user's side of this.

/** What a test may use of a backend, embedded or not. */
export type TestBackend = Pick<
	LocalStack,
	'url' | 'anonKey' | 'serviceRoleKey' | 'publishableKey' | 'stop'
> & { secretKey?: string; jwtSecret?: string };

/** The schemas a target can hold: the product's migrations and seed, or the contract fixtures. */
export type TargetSchema = 'product' | 'contract';

export interface ExternalTarget {
	schema: TargetSchema;
	backend: TestBackend;
	/** A shell command that puts the target back to its migrations and seed, run before each suite. */
	reset?: string;
}

/** Reads the SUPABASE_TEST_* variables; undefined when the embedded stack is to be used. */
export function externalTarget(env: NodeJS.ProcessEnv = process.env): ExternalTarget | undefined {
	const url = env.SUPABASE_TEST_URL?.replace(/\/+$/, '');
	if (!url) return undefined;
	const required = (name: string): string => {
		const value = env[name];
		if (!value) throw new Error(`SUPABASE_TEST_URL is set, so ${name} must be set too`);
		return value;
	};
	const schema = env.SUPABASE_TEST_SCHEMA ?? 'contract';
	if (schema !== 'product' && schema !== 'contract')
		throw new Error(`SUPABASE_TEST_SCHEMA must be "product" or "contract", not "${schema}"`);
	const anonKey = required('SUPABASE_TEST_ANON_KEY');
	const serviceRoleKey = required('SUPABASE_TEST_SERVICE_ROLE_KEY');
	return {
		schema,
		...(env.SUPABASE_TEST_RESET ? { reset: env.SUPABASE_TEST_RESET } : {}),
		backend: {
			url,
			anonKey,
			serviceRoleKey,
			// A publishable key and the legacy anon key name the same role.
			publishableKey: env.SUPABASE_TEST_PUBLISHABLE_KEY || anonKey,
			...(env.SUPABASE_TEST_SECRET_KEY ? { secretKey: env.SUPABASE_TEST_SECRET_KEY } : {}),
			...(env.SUPABASE_TEST_JWT_SECRET ? { jwtSecret: env.SUPABASE_TEST_JWT_SECRET } : {}),
			// The target outlives the run: nothing to stop.
			stop: async () => {},
		},
	};
}

export const EXTERNAL = externalTarget();

/**
 * The embedded stack with `options`, or the external target holding `schema`. A suite that needs
 * what only the embedded stack can be told (its own migrations, limits, intervals, a data folder)
 * is listed in local-only.ts; reaching here with such options on an external target is a mistake
 * in that list, so it fails loudly instead of testing the wrong thing.
 */
export async function startBackend(
	schema: TargetSchema,
	options: LocalStackOptions,
	embeddedOnly: string[] = [],
): Promise<LocalStack> {
	if (!EXTERNAL) return startLocalStack(options);
	if (EXTERNAL.schema !== schema || embeddedOnly.length > 0) {
		const why = embeddedOnly.length > 0 ? embeddedOnly.join(', ') : `the ${schema} schema`;
		throw new Error(`This suite needs ${why}; list it in tests/integration/local-only.ts`);
	}
	// Suites expect the seed as it was written (counts, totals), as a fresh embedded stack gives it.
	if (EXTERNAL.reset) execSync(EXTERNAL.reset, { stdio: 'inherit' });
	return asLocalStack(EXTERNAL.backend);
}

/** The external backend in the embedded stack's shape; what only the embedded stack has throws. */
function asLocalStack(backend: TestBackend): LocalStack {
	// The mailbox is the embedded stack's (a hosted project sends real mail); the secret key and JWT
	// secret are known only when the SUPABASE_TEST_* variables give them.
	const missing = (name: string) => () => {
		throw new Error(`${name} is not available on ${backend.url}; list this suite in local-only.ts`);
	};
	const embedded = ['sql', 'appliedMigrations', 'seeded', 'mailboxUrl', 'smtpUrl', 'smtpPort'];
	for (const name of ['secretKey', 'jwtSecret'] as const)
		if (backend[name] === undefined) embedded.push(name);
	return Object.defineProperties(
		{ ...backend } as LocalStack,
		Object.fromEntries(embedded.map((name) => [name, { get: missing(name) }])),
	);
}
