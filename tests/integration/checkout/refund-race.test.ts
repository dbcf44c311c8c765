import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { User } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	startFakePterodactyl,
	type FakePterodactyl,
} from '../game-panel/fake-pterodactyl/index.ts';
import { fakeEnv } from '../game-panel/targets.ts';
import { startProductStack, type Personas } from '../data-model/personas.ts';
import { loadSimulation } from '../../../src/server/game-panel/sim-store.ts';
import type * as ProvisionModule from '../../../src/server/provisioning/provision.ts';
import type * as MoneyBackModule from '../../../src/server/billing/refund/money-back.ts';
import type { AdminClient } from '../../../src/server/supabase/admin-client.ts';
import { paidService } from './paid-service.ts';

// Issue 26, item 2: a refund that lands while provisioning is under way. Whichever comes first,
// the service ends terminated and refunded and no server is left on the game panel: not on the
// fake Pterodactyl (its create or its install held open while the refund runs), not on the
// simulated panel. Nobody is told that setting up needs a hand.

let p: Personas;
let fake: FakePterodactyl;
let owner: User;
let admin: AdminClient;
let provision: typeof ProvisionModule.provision;
let requestMoneyBack: typeof MoneyBackModule.requestMoneyBack;
const folder = mkdtempSync(join(tmpdir(), 'refund-race-'));

beforeAll(async () => {
	p = await startProductStack();
	fake = await startFakePterodactyl({ delayMs: 5 });
	Object.assign(process.env, fakeEnv(fake), {
		PUBLIC_SUPABASE_URL: p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
		SMTP_URL: p.stack.smtpUrl,
		MAIL_FROM: 'Frostnode <noreply@frostnode.example>',
		PROVISIONING_RETRY_MS: '1',
		PROVISIONING_POLL_MS: '5',
	});
	({ provision } = await import('../../../src/server/provisioning/provision.ts'));
	({ requestMoneyBack } = await import('../../../src/server/billing/refund/money-back.ts'));
	admin = (await import('../../../src/server/supabase/admin-client.ts')).adminClient()!;
	owner = (await p.owner.auth.getUser()).data.user!;
}, 60_000);

afterAll(async () => {
	await fake.close();
	await p.stack.stop();
	rmSync(folder, { recursive: true, force: true });
});

/** Polls until `check` holds, for at most `limitMs`; false when it never did. */
async function eventually(check: () => boolean | Promise<boolean>, limitMs = 10_000) {
	for (const end = Date.now() + limitMs; Date.now() < end;)
		if (await check()) return true;
		else await new Promise((resolve) => setTimeout(resolve, 20));
	return check();
}

const refund = async (id: string) => {
	const result = await requestMoneyBack(admin, owner, id, 'Changed my mind', new Date());
	if (typeof result === 'string') throw new Error(result);
};

/** The service, its first invoice and its tickets once the dust settles. */
async function outcome(id: string) {
	const service = (await p.service.from('services').select('status').eq('id', id).single()).data;
	const invoice = (
		await p.service
			.from('invoices')
			.select('status')
			.eq('service_id', id)
			.eq('kind', 'new')
			.single()
	).data;
	const tickets = (await p.service.from('tickets').select('id').eq('service_id', id)).data;
	return { service: service?.status, invoice: invoice?.status, tickets: tickets?.length };
}
const ended = { service: 'terminated', invoice: 'refunded', tickets: 0 };
const onFake = (id: string) => fake.state.servers.filter((s) => s.external_id === id);

function gate() {
	let open = () => {};
	const until = new Promise<void>((resolve) => (open = resolve));
	return { until, open };
}

describe('a refund during provisioning', () => {
	it('before the create: nothing is made', async () => {
		const id = await paidService(p, owner.id, 'race-before-01');
		await refund(id);
		await provision(admin, id, 'http://site.test');
		expect(onFake(id)).toEqual([]);
		expect(await outcome(id)).toEqual(ended);
	});

	it('while the panel is creating the server: provisioning deletes what it made', async () => {
		const id = await paidService(p, owner.id, 'race-create-01');
		const held = gate();
		fake.inject({ match: (method, path) => method === 'POST' && path === '/servers', ...held });
		const running = provision(admin, id, 'http://site.test');
		const creating = () =>
			fake.requests.some((r) => r.method === 'POST' && r.path === 'application/servers');
		expect(await eventually(creating)).toBe(true);
		await refund(id);
		held.open();
		await running;
		expect(onFake(id)).toEqual([]);
		expect(await outcome(id)).toEqual(ended);
	});

	it('after the create, before the service is active: the server is deleted', async () => {
		const id = await paidService(p, owner.id, 'race-install-01');
		const held = gate();
		fake.inject({
			match: (method, path) => method === 'GET' && /^\/servers\/\d+$/.test(path),
			...held,
		});
		const running = provision(admin, id, 'http://site.test');
		expect(await eventually(() => onFake(id).length === 1)).toBe(true);
		await refund(id);
		held.open();
		expect(await eventually(() => onFake(id).length === 0)).toBe(true);
		await running;
		expect(await outcome(id)).toEqual(ended);
	});

	it('between the refund deleting the server and recording itself: nobody is asked to help', async () => {
		const id = await paidService(p, owner.id, 'race-vanish-01');
		// The second look at the server is the install poll's (the first is the create's own).
		const polling = gate();
		let looks = 0;
		fake.inject({
			match: (method, path) => method === 'GET' && /^\/servers\/\d+$/.test(path) && ++looks === 2,
			...polling,
		});
		const seen = fake.requests.length;
		const asked = (method: string, path: RegExp) =>
			fake.requests.slice(seen).filter((r) => r.method === method && path.test(r.path)).length;
		const running = provision(admin, id, 'http://site.test');
		expect(await eventually(() => asked('GET', /^application\/servers\/\d+(\?|$)/) === 2)).toBe(
			true,
		);
		// The refund's first step, on its own: the server goes while the service still reads paid.
		const [made] = onFake(id);
		fake.state.servers.splice(fake.state.servers.indexOf(made!), 1);
		const creatingAgain = gate();
		fake.inject({
			match: (method, path) => method === 'POST' && path === '/servers',
			...creatingAgain,
		});
		polling.open();
		expect(await eventually(() => asked('POST', /^application\/servers(\?|$)/) === 2)).toBe(true);
		await refund(id);
		creatingAgain.open();
		await running;
		expect(onFake(id)).toEqual([]);
		expect(await outcome(id)).toEqual(ended);
	});

	it('on the simulated panel, while the server installs: it is deleted', async () => {
		const saved = { ...process.env };
		const file = join(folder, 'panel.json');
		Object.assign(process.env, {
			PTERODACTYL_URL: '',
			GAME_PANEL_SIM_FILE: file,
			GAME_PANEL_SIM_DELAY_MS: '60000',
		});
		try {
			const id = await paidService(p, owner.id, 'race-sim-01');
			const onSim = () => loadSimulation(file).servers.filter((s) => s.serviceId === id);
			const running = provision(admin, id, 'http://site.test');
			expect(await eventually(() => onSim().length === 1)).toBe(true);
			await refund(id);
			expect(await eventually(() => onSim().length === 0)).toBe(true);
			await running;
			expect(await outcome(id)).toEqual(ended);
		} finally {
			process.env = saved;
		}
	});
});
