import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	startFakePterodactyl,
	type FakePterodactyl,
} from '../game-panel/fake-pterodactyl/index.ts';
import { fakeEnv } from '../game-panel/targets.ts';
import { placedOrder } from './paid-service.ts';
import { startProductStack, type Personas } from '../data-model/personas.ts';
import { serveSite, type SiteServer } from '../../../scripts/serve.ts';
import { freePorts } from '../../../scripts/two-servers/ports.ts';
import { signTestWebhook } from '../../../src/server/payments/test-gateway.ts';

// Issue 26, item 10: the site server is killed (SIGKILL, no grace) while it sets up a paid server.
// Two site servers then start at once: the order runs well within a minute of the restart, not
// after the hourly billing run's 20-minute stall rule, and only one of them takes it up. Runs the
// built site (dist/) against the fake Pterodactyl, which lives on in this process.

const entry = new URL('../../../dist/server/entry.mjs', import.meta.url);
const secret = `crash-restart-gateway-${'x'.repeat(32)}`;
let p: Personas;
let fake: FakePterodactyl;
let env: NodeJS.ProcessEnv;
const running: ChildProcess[] = [];

beforeAll(async () => {
	if (!existsSync(entry)) throw new Error('dist/server/entry.mjs is missing: run npm run build');
	p = await startProductStack();
	fake = await startFakePterodactyl({ delayMs: 5 });
	env = {
		...fakeEnv(fake),
		PUBLIC_SUPABASE_URL: p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
		SMTP_URL: p.stack.smtpUrl,
		MAIL_FROM: 'Frostnode <noreply@frostnode.example>',
		PUBLIC_SITE_URL: undefined,
		STRIPE_SECRET_KEY: '',
		STRIPE_WEBHOOK_SECRET: '',
		TEST_GATEWAY_SECRET: secret,
		PROVISIONING_POLL_MS: '20',
		PROVISIONING_RETRY_MS: '20',
		LOG_LEVEL: 'info',
	};
}, 60_000);

afterAll(async () => {
	for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
	await fake.close();
	await p.stack.stop();
});

async function site(port: number, log: string[]): Promise<SiteServer> {
	const started = await serveSite(port, env, (chunk) => log.push(chunk));
	running.push(started.child);
	return started;
}

/** Polls until `check` holds, for at most `limitMs`; false when it never did. */
async function eventually(check: () => boolean | Promise<boolean>, limitMs: number) {
	for (const end = Date.now() + limitMs; Date.now() < end;)
		if (await check()) return true;
		else await new Promise((resolve) => setTimeout(resolve, 100));
	return check();
}

const status = async (id: string) =>
	(await p.service.from('services').select('status').eq('id', id).single()).data?.status;

/** The JSON log lines about one service that a site server wrote. */
const linesAbout = (log: string[], id: string) =>
	log
		.join('')
		.split('\n')
		.flatMap((line) => {
			try {
				return [JSON.parse(line) as { msg?: string; serviceId?: string }];
			} catch {
				return [];
			}
		})
		.filter((line) => line.serviceId === id);

describe('a site server killed while it sets up a paid server', () => {
	it('has the order running within a minute of the restart, taken up by one server', async () => {
		const [first, second, third] = (await freePorts(3)) as [number, number, number];
		const ownerId = (await p.owner.auth.getUser()).data.user!.id;
		const { service_id: id, invoice_id: invoiceId } = await placedOrder(
			p,
			ownerId,
			'crash-restart-01',
		);

		// The install takes long enough that the site is surely waiting on it when it is killed.
		fake.state.delayMs = 600_000;
		const before = await site(first, []);
		const signed = signTestWebhook(
			{
				id: 'evt-crash-restart-01',
				type: 'payment.succeeded',
				invoiceId,
				amount: 1000,
				currency: 'EUR',
				method: 'card',
				paymentId: 'pay-crash-restart-01',
				created: Math.floor(Date.now() / 1000),
			},
			{ secret },
		);
		const paid = await fetch(`${before.url}/api/payments/test/webhook`, {
			method: 'POST',
			headers: signed.headers,
			body: signed.rawBody,
		});
		expect(paid.status).toBe(200);
		const onPanel = () => fake.state.servers.filter((s) => s.external_id === id);
		expect(await eventually(() => onPanel().length === 1, 20_000)).toBe(true);
		const killed = new Promise((resolve) => before.child.once('exit', resolve));
		before.child.kill('SIGKILL');
		await killed;
		expect(await status(id)).toBe('provisioning');

		// The install finishes while no site server runs; then two start at once.
		fake.state.delayMs = 5;
		onPanel()[0]!.installedAt = Date.now();
		const logs: [string[], string[]] = [[], []];
		const [again] = await Promise.all([site(second, logs[0]), site(third, logs[1])]);
		// The start-up route answers only its own process; to anyone else it does not exist.
		const asked = await fetch(`${again.url}/api/internal/after-start`, {
			method: 'POST',
			headers: { 'X-Process-Token': 'guessed' },
		});
		expect(asked.status).toBe(404);
		expect(await eventually(async () => (await status(id)) === 'active', 60_000)).toBe(true);
		expect(onPanel()).toHaveLength(1);
		const tookUp = logs.filter((log) =>
			linesAbout(log, id).some((line) => line.msg === 'provisioning'),
		);
		expect(tookUp).toHaveLength(1);
	}, 150_000);
});
