// The package by path: in this project its name resolves to this very file.
// eslint-disable-next-line no-restricted-imports
import {
	startLocalStack as startOnEngine,
	type LocalStack,
	type LocalStackOptions,
} from '../../../supabase/local/index.ts';
import { databaseFor, testPostgresUrl } from './engine.ts';

// What `@frostnode/local-supabase` resolves to in the integration-postgres project
// (vitest.config.ts): the same package, but every stack a test starts without a database of its
// own gets one on the shared PostgreSQL cluster, so the same test file runs on both engines.

// eslint-disable-next-line no-restricted-imports
export * from '../../../supabase/local/index.ts';

const databases = new WeakMap<LocalStack, string>();

/** The PostgreSQL database a stack started here holds its data in (for tests that watch locks). */
export function databaseUrlOf(stack: LocalStack): string {
	const url = databases.get(stack);
	if (!url)
		throw new Error('this stack is not on the test cluster (run it in integration-postgres)');
	return url;
}

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
	const adminUrl = testPostgresUrl();
	if (!adminUrl || options.databaseUrl) return startOnEngine(options);
	const database = await databaseFor(adminUrl, options);
	try {
		const stack = await startOnEngine({ ...options, databaseUrl: database.url, poolSize: 6 });
		const started: LocalStack = {
			...stack,
			async stop() {
				await stack.stop();
				await database.drop();
			},
		};
		databases.set(started, database.url);
		return started;
	} catch (error) {
		await database.drop();
		throw error;
	}
}
