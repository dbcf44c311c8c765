import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { updateEnvFile } from './env-file.ts';
import { startLocalStack } from './stack.ts';

// `node supabase/local/cli.ts [--quiet] [--reset] [--data-dir supabase/.data]`: starts the stack with
// its data on disk, writes the URL and keys to .env.local, and stops cleanly on Ctrl-C / SIGTERM.

const { values } = parseArgs({
	options: {
		quiet: { type: 'boolean', default: false },
		reset: { type: 'boolean', default: false },
		'data-dir': { type: 'string', default: 'supabase/.data' },
		help: { type: 'boolean', default: false },
	},
});

if (values.help) {
	console.log('Usage: node supabase/local/cli.ts [--quiet] [--reset] [--data-dir supabase/.data]');
	process.exit(0);
}

const dataDir = resolve(values['data-dir']);
if (values.reset) {
	await rm(dataDir, { recursive: true, force: true });
	console.log(`[local-stack] wiped ${dataDir}`);
}

let stack: Awaited<ReturnType<typeof startLocalStack>>;
try {
	stack = await startLocalStack({ dataDir, quiet: values.quiet });
} catch (error) {
	console.error(`[local-stack] could not start: ${(error as Error).message}`);
	process.exit(1);
}

await updateEnvFile(resolve('.env.local'), {
	PUBLIC_SUPABASE_URL: stack.url,
	PUBLIC_SUPABASE_ANON_KEY: stack.anonKey,
	SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
});

console.log(`
Local Supabase stack is running (data in ${dataDir}).

         API URL: ${stack.url}
     Mailbox URL: ${stack.mailboxUrl}
        SMTP URL: ${stack.smtpUrl}   (mail sent here shows in the mailbox)
        anon key: ${stack.anonKey}
service_role key: ${stack.serviceRoleKey}
 publishable key: ${stack.publishableKey}
      secret key: ${stack.secretKey}

.env.local updated. Press Ctrl-C to stop.
`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
	if (stopping) return;
	stopping = true;
	console.log(`[local-stack] ${signal}: stopping`);
	await stack.stop();
	process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
