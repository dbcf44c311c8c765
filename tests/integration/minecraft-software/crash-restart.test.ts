import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBillingStack, type BillingStack } from '../billing/fixture.ts';
import { demo, sessionOf } from '../data-model/personas.ts';
import { fakeEnv } from '../game-panel/targets.ts';
import { serveSite, type SiteServer } from '../../../scripts/serve.ts';
import { freePorts } from '../../../scripts/two-servers/ports.ts';
import { minecraftService } from './fixture.ts';

// A site server killed (SIGKILL, no grace) while the game panel reinstalls a Minecraft server for
// a software change. Two site servers then start at once: the change goes on from where it stood
// (the reinstall is not asked for again), ends installed with the server started, and only one of
// them takes it up. Runs the built site (dist/) against the fake Pterodactyl and its installer egg.

const entry = new URL('../../../dist/server/entry.mjs', import.meta.url);
let b: BillingStack;
let env: NodeJS.ProcessEnv;
const running: ChildProcess[] = [];

beforeAll(async () => {
	if (!existsSync(entry)) throw new Error('dist/server/entry.mjs is missing: run npm run build');
	b = await startBillingStack({ panel: 'fake' });
	env = {
		...fakeEnv(b.fake),
		PUBLIC_SUPABASE_URL: b.p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: b.p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: b.p.stack.serviceRoleKey,
		SMTP_URL: b.p.stack.smtpUrl,
		MAIL_FROM: 'Frostnode <noreply@frostnode.example>',
		PUBLIC_SITE_URL: undefined,
		STRIPE_SECRET_KEY: '',
		STRIPE_WEBHOOK_SECRET: '',
		PROVISIONING_POLL_MS: '20',
		LOG_LEVEL: 'info',
	};
}, 60_000);

afterAll(async () => {
	for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
	await b.stop();
});

async function site(port: number, log: string[]): Promise<SiteServer> {
	const started = await serveSite(port, env, (chunk) => log.push(chunk));
	running.push(started.child);
	return started;
}

/** Polls until `check` holds, for at most `limitMs`; false when it never did. */
async function eventually(check: () => Promise<boolean>, limitMs: number) {
	for (const end = Date.now() + limitMs; Date.now() < end;)
		if (await check()) return true;
		else await new Promise((resolve) => setTimeout(resolve, 100));
	return check();
}

const change = async (id: string) =>
	(
		await b.p.service
			.from('software_installs')
			.select('id, status, step')
			.eq('service_id', id)
			.single()
	).data!;

const resumedIn = (log: string[], changeId: string) =>
	log
		.join('')
		.split('\n')
		.some((line) => {
			try {
				const parsed = JSON.parse(line) as { msg?: string; changeId?: string };
				return (
					parsed.msg === 'resuming an interrupted software change' && parsed.changeId === changeId
				);
			} catch {
				return false;
			}
		});

describe('a site server killed during a software change', () => {
	it('has the change finished by one of the servers that start next, the reinstall asked once', async () => {
		const [first, second, third] = (await freePorts(3)) as [number, number, number];
		const id = await minecraftService(b);
		const onPanel = () => b.fake.state.servers.find((s) => s.external_id === id)!;
		const token = (await sessionOf(b.p.stack, demo)).token;

		// Every step of the panel takes ten minutes: the backup and the stop are hurried along, the
		// reinstall is not, so the site is surely waiting on it when it is killed.
		b.fake.state.delayMs = 600_000;
		const hurried = () => {
			const server = onPanel();
			for (const backup of server.wings.backups)
				backup.completes = Math.min(backup.completes, Date.now());
			for (const step of server.power.queue) step.at = Math.min(step.at, Date.now());
			return Promise.resolve(server.status === 'installing');
		};
		const before = await site(first, []);
		const asked = await fetch(`${before.url}/api/services/${id}/software`, {
			method: 'PUT',
			headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
			body: JSON.stringify({ software: 'paper', minecraftVersion: '1.21.4' }),
		});
		expect(asked.status).toBe(202);
		expect(await eventually(hurried, 30_000)).toBe(true);
		expect(await eventually(async () => (await change(id)).step === 'installing', 30_000)).toBe(
			true,
		);
		expect(onPanel().status).toBe('installing');
		const killed = new Promise((resolve) => before.child.once('exit', resolve));
		before.child.kill('SIGKILL');
		await killed;
		expect(await change(id)).toMatchObject({ status: 'installing', step: 'installing' });

		// The reinstall ends while no site server runs; then two start at once.
		b.fake.state.delayMs = 5;
		const installedAt = Date.now();
		onPanel().installedAt = installedAt;
		const logs: [string[], string[]] = [[], []];
		await Promise.all([site(second, logs[0]), site(third, logs[1])]);
		expect(await eventually(async () => (await change(id)).status === 'installed', 90_000)).toBe(
			true,
		);
		const { id: changeId } = await change(id);
		expect(logs.filter((log) => resumedIn(log, changeId))).toHaveLength(1);
		// The reinstall handed over before the kill was waited for, not asked for again.
		expect(onPanel().installedAt).toBe(installedAt);
		expect(onPanel().environment).toMatchObject({ SOFTWARE: 'paper', MC_VERSION: '1.21.4' });
		expect(
			await eventually(
				() => Promise.resolve(b.fake.state.settle(onPanel()).power.state === 'running'),
				10_000,
			),
		).toBe(true);
		const { data: runs } = await b.p.service
			.from('server_software')
			.select('software, minecraft_version')
			.eq('service_id', id)
			.single();
		expect(runs).toEqual({ software: 'paper', minecraft_version: '1.21.4' });
	}, 180_000);
});
