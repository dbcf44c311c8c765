import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from '@frostnode/local-supabase';
import { describe, expect, it } from 'vitest';

// The real start: `node server/site-server.ts` in production with a half-done configuration must
// print every problem, by name, and exit before listening, without echoing a secret.

function start(env: Record<string, string>) {
	const child = spawn(process.execPath, ['server/site-server.ts'], {
		env: { PATH: process.env.PATH ?? '', PORT: '0', ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (chunk: Buffer) => (stdout += String(chunk)));
	child.stderr.on('data', (chunk: Buffer) => (stderr += String(chunk)));
	return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
		child.on('exit', (code) => resolve({ code, stdout, stderr })),
	);
}

describe('starting the site server in production', () => {
	it('refuses to serve, listing every missing or malformed setting in one message', async () => {
		const { code, stdout, stderr } = await start({
			NODE_ENV: 'production',
			PUBLIC_SITE_URL: 'https://frostnode.example',
			STRIPE_SECRET_KEY: 'pk_live_not_a_secret_key',
			SMTP_URL: 'smtps://mailer:hunter2hunter2@',
			CRON_SECRET: 'short',
		});
		expect(code).toBe(1);
		expect(stdout).not.toContain('listening');
		expect(stderr).toMatch(
			/^The site server will not start \(production mode\): \d+ settings to fix\./,
		);
		for (const name of [
			'PUBLIC_SUPABASE_URL',
			'PUBLIC_SUPABASE_ANON_KEY',
			'SUPABASE_SERVICE_ROLE_KEY',
			'STRIPE_SECRET_KEY',
			'STRIPE_WEBHOOK_SECRET',
			'PTERODACTYL_URL',
			'PTERODACTYL_APPLICATION_KEY',
			'PTERODACTYL_CLIENT_KEY',
			'PTERODACTYL_EGGS',
			'PROXMOX_URL',
			'SMTP_URL',
			'MAIL_FROM',
			'CRON_SECRET',
		])
			expect(stderr).toContain(`  - ${name}`);
		expect(stderr).not.toContain('hunter2');
		expect(stderr).toContain('docs/operations.md');
	});

	it('counts a public https:// address as production even without NODE_ENV', async () => {
		const { code, stderr } = await start({ PUBLIC_SITE_URL: 'https://frostnode.example' });
		expect(code).toBe(1);
		expect(stderr).toContain('(production mode)');
		expect(stderr).toContain('  - STRIPE_SECRET_KEY is not set');
	});

	it('refuses the keys of a local Supabase stack, whose Google sign-in is a stand-in', async () => {
		const empty = await mkdtemp(join(tmpdir(), 'no-migrations-'));
		const stack = await startLocalStack({
			apiPort: 0,
			mailPort: 0,
			quiet: true,
			migrationsDir: empty,
			seedFile: join(empty, 'none.sql'),
			configFile: null,
		});
		try {
			const { code, stderr } = await start({
				NODE_ENV: 'production',
				PUBLIC_SITE_URL: 'https://frostnode.example',
				PUBLIC_SUPABASE_URL: stack.url,
				PUBLIC_SUPABASE_ANON_KEY: stack.anonKey,
				SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
			});
			expect(code).toBe(1);
			expect(stderr).toContain(
				'  - PUBLIC_SUPABASE_ANON_KEY or SUPABASE_SERVICE_ROLE_KEY is a local Supabase stack’s key',
			);
		} finally {
			await stack.stop();
		}
	}, 90_000); // a stack of its own starts first (a PGlite database), then the site server
});
