import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidService } from '../checkout/paid-service.ts';
import { demo, startProductStack, type Personas } from './personas';

// The provisioning safety functions (issue 26, items 2 and 10), as each persona sees them: the
// site server's alone, a lease one holder at a time, and a server recorded only on a service that
// is still payable.

let p: Personas;
beforeAll(async () => {
	p = await startProductStack();
});
afterAll(() => p.stack.stop());

const key = () => `provisioning-rpc-${Date.now()}-${Math.random().toString(36).slice(2)}`;
const take = async (service: string, holder: string) =>
	(await p.service.rpc('provisioning_lease_take', { service, holder, seconds: 60 })).data === true;
const toResume = async () =>
	(await p.service.rpc('provisioning_to_resume', { max_rows: 1000, quiet_seconds: 0 })).data ?? [];

describe('provisioning leases and recorded servers', () => {
	it('are not open to browsers: visitors and customers are refused', async () => {
		const service = await paidService(p, demo.id, key());
		for (const client of [p.anon, p.owner, p.other]) {
			const calls = [
				client.rpc('provisioning_lease_take', { service, holder: 'me', seconds: 60 }),
				client.rpc('provisioning_lease_release', { service, holder: 'me' }),
				client.rpc('provisioning_to_resume', { max_rows: 10, quiet_seconds: 0 }),
				client.rpc('record_panel_server', {
					service,
					panel_server_id: '1',
					panel_identifier: 'abcd1234',
				}),
			];
			for (const { error } of await Promise.all(calls)) expect(error?.code).toBe('42501');
		}
	});

	it('give a service to one holder at a time, and leave leased ones out of resuming', async () => {
		const service = await paidService(p, demo.id, key());
		expect(await toResume()).toContain(service);
		expect(await take(service, 'a')).toBe(true);
		expect(await take(service, 'b')).toBe(false);
		expect(await take(service, 'a')).toBe(true);
		expect(await toResume()).not.toContain(service);
		await p.service.rpc('provisioning_lease_release', { service, holder: 'b' });
		expect(await take(service, 'b')).toBe(false);
		await p.service.rpc('provisioning_lease_release', { service, holder: 'a' });
		expect(await toResume()).toContain(service);
		expect(await take(service, 'b')).toBe(true);
	});

	it('record a server on a payable service, and refuse one that has ended', async () => {
		const service = await paidService(p, demo.id, key());
		const record = async () =>
			(
				await p.service.rpc('record_panel_server', {
					service,
					panel_server_id: '42',
					panel_identifier: 'abcd1234',
				})
			).data;
		expect(await record()).toBe(true);
		const row = async () =>
			(
				await p.service
					.from('services')
					.select('status, panel_server_id, panel_identifier')
					.eq('id', service)
					.single()
			).data;
		expect(await row()).toEqual({
			status: 'provisioning',
			panel_server_id: '42',
			panel_identifier: 'abcd1234',
		});
		await p.service.from('services').update({ status: 'terminated' }).eq('id', service);
		expect(await record()).toBe(false);
		expect(await take(service, 'c')).toBe(false);
		expect(await toResume()).not.toContain(service);
	});
});
