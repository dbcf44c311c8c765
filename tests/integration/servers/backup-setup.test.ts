import type { User } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_BACKUP_NAME } from '../../../src/server/game-panel/pterodactyl-schedule.ts';
import { startBillingStack, type BillingStack } from '../billing/fixture.ts';
import type * as Sweep from '../../../src/server/billing/run/backup-sweep.ts';
import type * as Settings from '../../../src/server/servers/settings.ts';

// What a plan promises about backups reaches the panel: servers made before backups were sold get
// the plan's limit and the daily backup from the billing run's sweep, and the customer moves or
// turns off the daily backup in the server's settings. Against the local stack and the fake
// Pterodactyl, read from the fake's own state.

let b: BillingStack;
let sweep: typeof Sweep;
let settings: typeof Settings;
let owner: User;

beforeAll(async () => {
	b = await startBillingStack();
	sweep = await import('../../../src/server/billing/run/backup-sweep.ts');
	settings = await import('../../../src/server/servers/settings.ts');
	owner = (await b.p.owner.auth.getUser()).data.user!;
});
afterAll(() => b.stop());

async function onPanel(serviceId: string) {
	const { data } = await b.p.service
		.from('services')
		.select('panel_server_id, panel_backup_limit, daily_backup_at')
		.eq('id', serviceId)
		.single();
	const server = b.fake.state.servers.find((s) => s.id === Number(data!.panel_server_id))!;
	const backups = server.schedules
		.filter((s) => s.name === DAILY_BACKUP_NAME)
		.map((s) => `${s.cron_hour.padStart(2, '0')}:${s.cron_minute.padStart(2, '0')}`);
	return {
		recorded: data!.panel_backup_limit,
		at: data!.daily_backup_at,
		limit: server.feature_limits.backups,
		backups,
	};
}

const now = Date.now();
const day = 86_400_000;
const period = () =>
	[new Date(now - 5 * day).toISOString(), new Date(now + 25 * day).toISOString()] as const;

describe('backups a plan includes', () => {
	it('are set up on a server made before they were sold, once, by the billing run', async () => {
		const id = await b.activeService(...period());
		expect(await onPanel(id)).toMatchObject({ recorded: null, limit: 0, backups: [] });
		const first = await sweep.setUpOwedBackups(b.admin);
		expect(first.setUp).toBeGreaterThanOrEqual(1);
		// palworld-standard includes 5; the daily backup at the column's default time.
		expect(await onPanel(id)).toEqual({
			recorded: 5,
			at: '04:00:00',
			limit: 5,
			backups: ['04:00'],
		});
		const again = await sweep.setUpOwedBackups(b.admin);
		expect(again).toEqual({ setUp: 0, failed: 0 });
		expect((await onPanel(id)).backups).toEqual(['04:00']);
	});

	it('stay owed while the panel cannot take them, and are set up on a later run', async () => {
		const id = await b.activeService(...period());
		b.fake.failNext(503);
		const refused = await sweep.setUpOwedBackups(b.admin);
		expect(refused.failed).toBe(1);
		expect((await onPanel(id)).recorded).toBeNull();
		await sweep.setUpOwedBackups(b.admin);
		expect(await onPanel(id)).toMatchObject({ recorded: 5, limit: 5, backups: ['04:00'] });
	});

	it('run daily at the time the customer sets, or not at all, set on the panel first', async () => {
		const id = await b.activeService(...period());
		await sweep.setUpOwedBackups(b.admin);
		const save = (dailyBackupAt: string | null | undefined) =>
			settings.saveServerSettings(b.admin, owner, id, {
				label: 'Pals',
				dailyRestartAt: null,
				...(dailyBackupAt === undefined ? {} : { dailyBackupAt }),
			});
		expect(await save('05:15')).toEqual({ ok: true });
		expect(await onPanel(id)).toMatchObject({ at: '05:15:00', backups: ['05:15'] });
		// The form without the field (the API's older body) leaves the backup time alone.
		expect(await save(undefined)).toEqual({ ok: true });
		expect(await onPanel(id)).toMatchObject({ at: '05:15:00', backups: ['05:15'] });
		expect(await save(null)).toEqual({ ok: true });
		expect(await onPanel(id)).toMatchObject({ at: null, backups: [] });
		// A panel that refuses changes nothing here either.
		b.fake.failNext(503);
		expect(await save('06:00')).toBe('panel_unavailable');
		expect(await onPanel(id)).toMatchObject({ at: null, backups: [] });
	});
});
