import type { User } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, other } from '../data-model/personas.ts';
import { startBillingStack, type BillingStack } from '../billing/fixture.ts';
import type * as Actions from '../../../src/server/servers/actions.ts';
import type * as Queries from '../../../src/server/servers/queries.ts';
import type * as Settings from '../../../src/server/servers/settings.ts';

// Running a server from the panel against the local stack and the fake Pterodactyl: the game
// panel acts, the activity log records it, and every refusal changes nothing.

let b: BillingStack;
let actions: typeof Actions;
let settings: typeof Settings;
let queries: typeof Queries;
let owner: User;
let serverId: string;

beforeAll(async () => {
	b = await startBillingStack();
	actions = await import('../../../src/server/servers/actions.ts');
	settings = await import('../../../src/server/servers/settings.ts');
	queries = await import('../../../src/server/servers/queries.ts');
	owner = (await b.p.owner.auth.getUser()).data.user!;
	const today = new Date();
	const day = 86_400_000;
	serverId = await b.activeService(
		new Date(today.getTime() - 5 * day).toISOString(),
		new Date(today.getTime() + 25 * day).toISOString(),
	);
});
afterAll(() => b.stop());

const activity = async (id: string) =>
	(
		await b.p.service
			.from('service_activity')
			.select('event')
			.eq('service_id', id)
			.order('id', { ascending: false })
	).data!.map((row) => row.event);

describe('power', () => {
	it('starts, stops and restarts the owner’s server on the panel and logs each', async () => {
		const started = await actions.powerServer(b.admin, owner, serverId, 'start');
		expect(started).toMatchObject({ live: { state: expect.any(String) } });
		expect(await actions.powerServer(b.admin, owner, serverId, 'restart')).not.toBeTypeOf('string');
		expect(await actions.powerServer(b.admin, owner, serverId, 'stop')).not.toBeTypeOf('string');
		expect((await activity(serverId)).slice(0, 3)).toEqual(['stopped', 'restarted', 'started']);
	});

	it('refuses, and logs nothing for, other customers’ servers and servers that cannot run', async () => {
		const before = await activity(ids.valheim);
		const stranger = { ...owner, id: other.id };
		expect(await actions.powerServer(b.admin, owner, ids.valheim, 'start')).toBe('not_found');
		expect(await actions.powerServer(b.admin, stranger, serverId, 'start')).toBe('not_found');
		expect(await actions.powerServer(b.admin, owner, 'not-a-uuid', 'start')).toBe('not_found');
		expect(await actions.powerServer(b.admin, owner, ids.rust, 'start')).toBe('suspended');
		// The demo seed's servers were never created on this panel.
		expect(await actions.powerServer(b.admin, owner, ids.palworld, 'start')).toBe('not_on_panel');
		expect(await activity(ids.valheim)).toEqual(before);
		const ended = await b.activeService('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z');
		await b.p.service.from('services').update({ status: 'terminated' }).eq('id', ended);
		expect(await actions.powerServer(b.admin, owner, ended, 'start')).toBe('ended');
		expect(await actions.resetServerPassword(b.admin, owner, ended)).toBe('ended');
	});

	it('answers unavailable, not an error page, when the panel is down', async () => {
		b.fake.failNext(503);
		expect(await actions.powerServer(b.admin, owner, serverId, 'start')).toBe('panel_unavailable');
	});
});

describe('password and settings', () => {
	it('gives a new panel password once and logs it, never storing it', async () => {
		const reset = await actions.resetServerPassword(b.admin, owner, serverId);
		if (typeof reset === 'string') throw new Error(reset);
		expect(reset.credentials.password.length).toBeGreaterThanOrEqual(12);
		expect((await activity(serverId))[0]).toBe('password_reset');
		const row = await b.p.service
			.from('service_activity')
			.select('detail')
			.eq('service_id', serverId)
			.eq('event', 'password_reset')
			.single();
		expect(JSON.stringify(row.data)).not.toContain(reset.credentials.password);
	});

	it('saves a label and a daily restart, set on the panel first', async () => {
		const saved = await settings.saveServerSettings(b.admin, owner, serverId, {
			label: '  Weekend world ',
			dailyRestartAt: '04:30',
		});
		expect(saved).toEqual({ ok: true });
		const detail = await queries.serverDetail(b.p.owner, owner.id, serverId);
		expect(detail).toMatchObject({
			label: 'Weekend world',
			dailyRestartAt: '04:30',
			onPanel: true,
		});
		expect(detail!.activity[0]).toMatchObject({
			event: 'settings_changed',
			detail: { label: 'Weekend world', daily_restart_at: '04:30' },
		});
		expect(
			await settings.saveServerSettings(b.admin, owner, ids.valheim, {
				label: 'x',
				dailyRestartAt: null,
			}),
		).toBe('not_found');
		// A restart needs the panel: a server that is not on it cannot promise one.
		expect(
			await settings.saveServerSettings(b.admin, owner, ids.palworld, {
				label: 'Pal island',
				dailyRestartAt: '05:00',
			}),
		).toBe('not_on_panel');
		expect(
			await settings.saveServerSettings(b.admin, owner, ids.palworld, {
				label: 'Pal island 2',
				dailyRestartAt: null,
			}),
		).toEqual({ ok: true });
	});
});

describe('reads', () => {
	it('shows a server to its owner only, with its activity and invoices', async () => {
		const mine = await queries.serverDetail(b.p.owner, owner.id, serverId);
		expect(mine).toMatchObject({ id: serverId, status: 'active', onPanel: true });
		expect(mine!.invoices.length).toBeGreaterThan(0);
		expect(await queries.serverDetail(b.p.other, other.id, serverId)).toBeNull();
		expect(await queries.serverDetail(b.p.other, owner.id, serverId)).toBeNull();
		// The demo's three and this test's running one; the terminated one is not listed.
		const page = await queries.listServers(b.p.owner, owner.id, { per: 5, page: 1 }, 'game');
		expect(page.total).toBe(4);
		expect(page.rows[0]).toMatchObject({ id: serverId, liveState: expect.any(String) });
		const second = await queries.listServers(b.p.owner, owner.id, { per: 'all', page: 1 }, 'game');
		expect(second.rows).toHaveLength(4);
		expect(
			(await queries.listServers(b.p.other, other.id, { per: 'all', page: 1 }, 'game')).rows.map(
				(r) => r.id,
			),
		).toEqual([ids.valheim]);
	});
});
