import type { APIContext, APIRoute } from 'astro';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { User } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductStack, type Personas } from '../data-model/personas.ts';
import { paidVps } from '../checkout/vps-order.ts';
import { createEmbeddedDns, lookUpEmbedded } from '../../../src/server/dns/embedded.ts';
import { defaultReverseZones } from '../../../src/server/dns/config.ts';
import { reverseName } from '../../../src/server/dns/records.ts';
import type * as ProvisionModule from '../../../src/server/provisioning/provision.ts';
import type * as HostStepsModule from '../../../src/server/billing/host-steps.ts';
import type { AdminClient } from '../../../src/server/supabase/admin-client.ts';

// Issue 31, reverse DNS: the owner of a running VPS sets the PTR name of an address it holds,
// forward-confirmed against the embedded DNS; everyone else gets "not found", a foreign address,
// a bad name, a name that resolves nowhere or elsewhere and a suspended service are refused with
// the reason, and ending the service removes the PTR from DNS and from the address.

let p: Personas;
let owner: User;
let admin: AdminClient;
let route: APIRoute;
let provision: typeof ProvisionModule.provision;
let moveService: typeof HostStepsModule.moveService;
const folder = mkdtempSync(join(tmpdir(), 'vps-rdns-'));
const dnsFile = join(folder, 'dns.json');
let serviceId: string;
let ipv4: string;
let ipv6: string;

beforeAll(async () => {
	p = await startProductStack();
	Object.assign(process.env, {
		PUBLIC_SUPABASE_URL: p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
		SMTP_URL: p.stack.smtpUrl,
		MAIL_FROM: 'Frostnode <noreply@frostnode.example>',
		HYPERVISOR_SIM_FILE: join(folder, 'machines.json'),
		HYPERVISOR_SIM_DELAY_MS: '0',
		DNS_PROVIDER: '',
		DNS_ZONE: '',
		DNS_REVERSE_ZONES: '',
		DNS_EMBEDDED_FILE: dnsFile,
	});
	({ provision } = await import('../../../src/server/provisioning/provision.ts'));
	({ moveService } = await import('../../../src/server/billing/host-steps.ts'));
	route = (await import('../../../src/pages/api/services/[id]/rdns.ts')).POST;
	admin = (await import('../../../src/server/supabase/admin-client.ts')).adminClient()!;
	owner = (await p.owner.auth.getUser()).data.user!;
	({ serviceId } = await paidVps(p, owner.id, 'vps-rdns-01'));
	await provision(admin, serviceId, 'http://site.test');
	const { data } = await p.service
		.from('vps_addresses')
		.select('family, address')
		.eq('service_id', serviceId);
	const of = (family: number) =>
		String(data!.find((row) => row.family === family)?.address ?? '').replace(/\/\d+$/, '');
	ipv4 = of(4);
	ipv6 = of(6);
	// The customer's forward records, published where the embedded resolver finds them.
	const dns = createEmbeddedDns({
		kind: 'embedded',
		zone: 'play.frostnode.example',
		reverseZones: defaultReverseZones,
		ttl: 300,
		file: dnsFile,
	});
	await dns.change({
		replace: [
			{ name: 'mail.play.frostnode.example', type: 'A', contents: [ipv4] },
			{ name: 'mail.play.frostnode.example', type: 'AAAA', contents: [ipv6] },
			{ name: 'elsewhere.play.frostnode.example', type: 'A', contents: ['198.51.100.7'] },
		],
	});
}, 120_000);

afterAll(async () => {
	await p.stack.stop();
	rmSync(folder, { recursive: true, force: true });
});

async function call(client: Personas['owner'], id: string, body: Record<string, string>) {
	const token = (await client.auth.getSession()).data.session!.access_token;
	const url = new URL(`/api/services/${id}/rdns`, 'http://127.0.0.1:4321');
	const request = new Request(url, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
		body: JSON.stringify(body),
	});
	const response = await route({
		request,
		url,
		params: { id },
		locals: { clientAddress: '203.0.113.99' },
		cookies: { get: () => undefined },
	} as unknown as APIContext);
	const json = (await response.json()) as {
		address?: string;
		ptr?: string | null;
		error?: { code: string; message: string };
	};
	return { status: response.status, ...json };
}

const ptrInDns = (ip: string) => lookUpEmbedded(dnsFile, reverseName(ip), 'PTR');
const rowOf = async (ip: string) =>
	(
		await p.service
			.from('vps_addresses')
			.select('ptr, ptr_in_dns, service_id')
			.eq('address', ip)
			.single()
	).data!;

describe('reverse DNS of a VPS', () => {
	it('sets a forward-confirmed PTR for IPv4 and IPv6, seen by the owner and logged', async () => {
		expect(ipv4).toMatch(/^203\.0\.113\./);
		expect(ipv6).toMatch(/^2001:db8:f05:/);
		const four = await call(p.owner, serviceId, {
			address: ipv4,
			ptr: 'Mail.Play.Frostnode.Example.',
		});
		expect(four).toMatchObject({ status: 200, address: ipv4, ptr: 'mail.play.frostnode.example' });
		expect(ptrInDns(ipv4)).toEqual(['mail.play.frostnode.example']);
		const six = await call(p.owner, serviceId, {
			address: ipv6,
			ptr: 'mail.play.frostnode.example',
		});
		expect(six.status).toBe(200);
		expect(ptrInDns(ipv6)).toEqual(['mail.play.frostnode.example']);
		const { data: seen } = await p.owner
			.from('vps_addresses')
			.select('ptr')
			.eq('service_id', serviceId);
		expect(seen!.map((row) => row.ptr)).toEqual([
			'mail.play.frostnode.example',
			'mail.play.frostnode.example',
		]);
		const { data: foreign } = await p.other
			.from('vps_addresses')
			.select('ptr')
			.eq('service_id', serviceId);
		expect(foreign).toEqual([]);
		const { data: log } = await p.service
			.from('service_activity')
			.select('event, detail')
			.eq('service_id', serviceId)
			.eq('event', 'rdns_changed');
		expect(log).toContainEqual({
			event: 'rdns_changed',
			detail: { address: ipv4, ptr: 'mail.play.frostnode.example' },
		});
	});

	it('refuses a name that does not resolve to the address, saying where it points', async () => {
		const nowhere = await call(p.owner, serviceId, {
			address: ipv4,
			ptr: 'nowhere.play.frostnode.example',
		});
		expect(nowhere.status).toBe(422);
		expect(nowhere.error!.code).toBe('not_resolving');
		expect(nowhere.error!.message).toContain('nowhere.play.frostnode.example does not resolve');
		const elsewhere = await call(p.owner, serviceId, {
			address: ipv4,
			ptr: 'elsewhere.play.frostnode.example',
			locale: 'de',
		});
		expect(elsewhere.status).toBe(422);
		expect(elsewhere.error!.code).toBe('resolves_elsewhere');
		expect(elsewhere.error!.message).toBe(
			`Abgelehnt: elsewhere.play.frostnode.example löst zu 198.51.100.7 auf, nicht zu ${ipv4}. Lass den Namen zuerst auf ${ipv4} zeigen und versuch es dann noch einmal.`,
		);
		const invalid = await call(p.owner, serviceId, { address: ipv4, ptr: 'not a host' });
		expect(invalid).toMatchObject({ status: 422, error: { code: 'ptr_invalid' } });
		expect(ptrInDns(ipv4)).toEqual(['mail.play.frostnode.example']);
		expect((await rowOf(ipv4)).ptr).toBe('mail.play.frostnode.example');
	});

	it('answers another customer "not found", and refuses an address the service does not hold', async () => {
		const stranger = await call(p.other, serviceId, {
			address: ipv4,
			ptr: 'mail.play.frostnode.example',
		});
		expect(stranger).toMatchObject({ status: 404, error: { code: 'not_found' } });
		const foreign = await call(p.owner, serviceId, {
			address: '203.0.113.250',
			ptr: 'mail.play.frostnode.example',
		});
		expect(foreign).toMatchObject({ status: 422, error: { code: 'address_not_held' } });
		expect(ptrInDns('203.0.113.250')).toEqual([]);
		const noId = await call(p.owner, 'not-a-uuid', {
			address: ipv4,
			ptr: 'mail.play.frostnode.example',
		});
		expect(noId.status).toBe(404);
	});

	it('refuses while suspended, then removes the PTR when the service ends', async () => {
		const { error } = await p.service
			.from('services')
			.update({ status: 'suspended' })
			.eq('id', serviceId);
		expect(error).toBeNull();
		const suspended = await call(p.owner, serviceId, { address: ipv4, ptr: '' });
		expect(suspended).toMatchObject({ status: 409, error: { code: 'suspended' } });
		expect(ptrInDns(ipv4)).toEqual(['mail.play.frostnode.example']);
		await moveService(
			admin,
			{ id: serviceId, panel_server_id: null, panel_identifier: null },
			'terminated',
			new Date(),
		);
		expect(ptrInDns(ipv4)).toEqual([]);
		expect(ptrInDns(ipv6)).toEqual([]);
		expect(await rowOf(ipv4)).toEqual({ ptr: null, ptr_in_dns: null, service_id: null });
		expect(await rowOf(ipv6)).toEqual({ ptr: null, ptr_in_dns: null, service_id: null });
		const ended = await call(p.owner, serviceId, { address: ipv4, ptr: '' });
		expect(ended).toMatchObject({ status: 409, error: { code: 'ended' } });
	});
});
