import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { other } from '../data-model/personas.ts';
import { startVpsStack, type VpsStack } from './fixture.ts';
import type * as Actions from '../../../src/server/vps-panel/actions.ts';
import type * as Queries from '../../../src/server/vps-panel/queries.ts';

// A VPS's page reads and power controls against the local stack and the simulated hypervisor:
// the state the machine reaches, the activity log, its graphs, and nothing for anyone else.
// (The Proxmox adapter's power, reset, uptime and metrics are in the hypervisor contract suite.)

let s: VpsStack;
let actions: typeof Actions;
let queries: typeof Queries;
let id: string;

beforeAll(async () => {
	s = await startVpsStack();
	actions = await import('../../../src/server/vps-panel/actions.ts');
	queries = await import('../../../src/server/vps-panel/queries.ts');
	id = await s.running('power-01');
}, 60_000);
afterAll(() => s.stop());

const events = async () =>
	(
		await s.p.service
			.from('service_activity')
			.select('event, detail')
			.eq('service_id', id)
			.order('id', { ascending: false })
	).data!;

describe('VPS page reads', () => {
	it('shows the owner their machine’s facts and state, and no one else', async () => {
		const facts = await queries.vpsFacts(s.admin, s.owner, id);
		expect(facts).toMatchObject({
			hostname: 'power-01',
			image: 'Debian 12 (Bookworm)',
			cores: 1,
			memoryGb: 2,
			diskGb: 20,
			state: 'running',
			ipv4: expect.stringMatching(/^203\.0\.113\.\d+$/),
			ipv6: expect.stringContaining(':'),
		});
		const stranger = { ...s.owner, id: other.id };
		expect(await queries.vpsFacts(s.admin, stranger, id)).toBeNull();
		expect(await queries.vpsMetrics(s.admin, stranger, id, 'hour')).toBeNull();
	});

	it('gives the graphs’ series for the hour and the day', async () => {
		for (const timeframe of ['hour', 'day'] as const) {
			const points = await queries.vpsMetrics(s.admin, s.owner, id, timeframe);
			expect(points!.length).toBeGreaterThan(0);
			expect(points!.at(-1)!.cpu).toBeGreaterThan(0);
		}
	});
});

describe('VPS power', () => {
	const owner = () => ({ customer: s.owner, accessToken: null });

	it('stops, starts, resets, reboots and shuts down, answering the state reached and logging each', async () => {
		expect(await actions.powerVps(s.admin, owner(), id, 'stop')).toEqual({
			ok: { state: 'stopped', uptimeSeconds: null },
		});
		expect(await actions.powerVps(s.admin, owner(), id, 'start')).toMatchObject({
			ok: { state: 'running' },
		});
		expect(await actions.powerVps(s.admin, owner(), id, 'reset')).toMatchObject({
			ok: { state: 'running' },
		});
		expect(await actions.powerVps(s.admin, owner(), id, 'reboot')).toMatchObject({
			ok: { state: 'running' },
		});
		expect(await actions.powerVps(s.admin, owner(), id, 'shutdown')).toMatchObject({
			ok: { state: 'stopped' },
		});
		expect((await events()).slice(0, 5)).toEqual([
			{ event: 'stopped', detail: { action: 'shutdown' } },
			{ event: 'restarted', detail: { action: 'reboot' } },
			{ event: 'restarted', detail: { action: 'reset' } },
			{ event: 'started', detail: { action: 'start' } },
			{ event: 'stopped', detail: { action: 'stop' } },
		]);
	});

	it('refuses what the machine cannot do, and a stranger, logging nothing', async () => {
		const before = await events();
		expect(await actions.powerVps(s.admin, owner(), id, 'reboot')).toBe('hypervisor_refused');
		const stranger = { customer: { ...s.owner, id: other.id }, accessToken: null };
		expect(await actions.powerVps(s.admin, stranger, id, 'start')).toBe('not_found');
		await s.p.service.from('services').update({ status: 'suspended' }).eq('id', id);
		expect(await actions.powerVps(s.admin, owner(), id, 'start')).toBe('suspended');
		expect((await queries.vpsFacts(s.admin, s.owner, id))?.state).toBe('suspended');
		await s.p.service.from('services').update({ status: 'active' }).eq('id', id);
		expect(await events()).toEqual(before);
	});
});
