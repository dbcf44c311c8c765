import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	startFakePterodactyl,
	type FakePterodactyl,
} from '../game-panel/fake-pterodactyl/index.ts';
import { fakeEnv } from '../game-panel/targets.ts';
import { startProductStack, type Personas } from '../data-model/personas.ts';
import { paidService as paidServiceFor } from './paid-service.ts';
import type * as ProvisionModule from '../../../src/server/provisioning/provision.ts';
import type * as AdminModule from '../../../src/server/supabase/admin-client.ts';
import type * as ResumeModule from '../../../src/server/provisioning/resume-provisioning.ts';
import type * as LifecycleModule from '../../../src/server/http/lifecycle.ts';

// Provisioning after a verified payment, against the fake Pterodactyl: panel outages are retried,
// a retried create never makes a second server, and after the last try the customer gets a clear
// state and a support ticket.

let p: Personas;
let fake: FakePterodactyl;
let ownerId: string;
let provision: typeof ProvisionModule.provision;
let admin: typeof AdminModule.adminClient;
let resume: typeof ResumeModule.resumeStalledProvisioning;
let lifecycle: typeof LifecycleModule;

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
	// Read after the environment is set: the retry and poll timings are taken at load.
	({ provision } = await import('../../../src/server/provisioning/provision.ts'));
	({ adminClient: admin } = await import('../../../src/server/supabase/admin-client.ts'));
	({ resumeStalledProvisioning: resume } =
		await import('../../../src/server/provisioning/resume-provisioning.ts'));
	lifecycle = await import('../../../src/server/http/lifecycle.ts');
	ownerId = (await p.owner.auth.getUser()).data.user!.id;
}, 60_000);

afterAll(async () => {
	await fake.close();
	await p.stack.stop();
});

const paidService = (key: string) => paidServiceFor(p, ownerId, key);

const serviceRow = async (id: string) =>
	(
		await p.service
			.from('services')
			.select('status, panel_address, provisioning_error')
			.eq('id', id)
			.single()
	).data!;

describe('provisioning', () => {
	it('retries panel outages and ends with one running server', async () => {
		const id = await paidService('prov-retry-01');
		for (let i = 0; i < 3; i++) fake.failNext(503);
		await provision(admin()!, id, 'http://site.test');
		expect(await serviceRow(id)).toMatchObject({ status: 'active', provisioning_error: null });
		expect((await serviceRow(id)).panel_address).toMatch(/:\d+$/);
		expect(fake.state.servers.filter((server) => server.external_id === id)).toHaveLength(1);
	});

	it('creates the server in the location the customer chose', async () => {
		const id = await paidService('prov-location-01');
		const placed = await p.service.from('services').update({ location: 'frankfurt' }).eq('id', id);
		expect(placed.error).toBeNull();
		await provision(admin()!, id, 'http://site.test');
		expect((await serviceRow(id)).status).toBe('active');
		const created = fake.requests.find(
			(r) =>
				r.method === 'POST' &&
				r.path === 'application/servers' &&
				(r.body as { external_id?: string }).external_id === id,
		);
		expect(created?.body).toMatchObject({ deploy: { locations: [2] } });
		// Frankfurt's panel location (2) holds node 2.
		expect(fake.state.servers.find((server) => server.external_id === id)?.node).toBe(2);
	});

	it('never makes two servers for one service, however often it is asked', async () => {
		const id = await paidService('prov-twice-01');
		await Promise.all([
			provision(admin()!, id, 'http://site.test'),
			provision(admin()!, id, 'http://site.test'),
		]);
		await provision(admin()!, id, 'http://site.test');
		expect((await serviceRow(id)).status).toBe('active');
		expect(fake.state.servers.filter((server) => server.external_id === id)).toHaveLength(1);
	});

	it('after the last try, the customer gets a clear state and a support ticket', async () => {
		const id = await paidService('prov-fail-01');
		for (let i = 0; i < 50; i++) fake.failNext(503);
		await provision(admin()!, id, 'http://site.test');
		const row = await serviceRow(id);
		expect(row.status).toBe('provisioning');
		expect(row.provisioning_error).toBeTruthy();
		const tickets = (await p.owner.from('tickets').select('id, department').eq('service_id', id))
			.data;
		expect(tickets).toEqual([expect.objectContaining({ department: 'technical' })]);
	});

	it('opens that ticket in the customer’s language', async () => {
		const before = (
			await p.service.from('profiles').select('preferred_locale').eq('id', ownerId).single()
		).data!.preferred_locale;
		await p.service.from('profiles').update({ preferred_locale: 'de' }).eq('id', ownerId);
		try {
			const id = await paidService('prov-fail-de-01');
			for (let i = 0; i < 50; i++) fake.failNext(503);
			await provision(admin()!, id, 'http://site.test');
			const ticket = (
				await p.owner
					.from('tickets')
					.select('subject, ticket_messages(body)')
					.eq('service_id', id)
					.single()
			).data!;
			expect(ticket.subject).toBe(`Einrichtung deines Servers (${id.slice(0, 8)})`);
			expect(ticket.ticket_messages[0]!.body).toContain('Deine Zahlung ist eingegangen');
		} finally {
			await p.service.from('profiles').update({ preferred_locale: before }).eq('id', ownerId);
			fake.clearFaults();
		}
	});

	it('takes up a paid service whose setup was cut off, once, and leaves given-up ones to the team', async () => {
		const id = await paidService('prov-stalled-01');
		const gaveUp = await paidService('prov-stalled-02');
		fake.clearFaults();
		for (let i = 0; i < 50; i++) fake.failNext(503);
		await provision(admin()!, gaveUp, 'http://site.test');
		fake.clearFaults();
		// Not yet stalled: a setup that may still be running is left alone.
		expect(await resume(admin()!, 'http://site.test')).toBe(0);
		// As if the site server had stopped mid-install long ago.
		const later = new Date(Date.now() + 60_000);
		expect(await resume(admin()!, 'http://site.test', later)).toBe(1);
		await lifecycle.backgroundSettled();
		expect(await serviceRow(id)).toMatchObject({ status: 'active', provisioning_error: null });
		expect(await resume(admin()!, 'http://site.test', later)).toBe(0);
		expect(fake.state.servers.filter((server) => server.external_id === id)).toHaveLength(1);
		expect((await serviceRow(gaveUp)).status).toBe('provisioning');
	});
});
