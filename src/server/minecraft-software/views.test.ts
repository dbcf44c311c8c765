import { describe, expect, it } from 'vitest';
import { dictionaries } from '../../i18n';
import { installView, runsOf, type ChangeRow } from './views';

const row: ChangeRow = {
	id: 'a0000000-0000-4000-8000-000000000001',
	service_id: 'c0ffee00-0000-4000-8000-000000000102',
	kind: 'modpack',
	target: 'Fabulously Optimized 6.1.0',
	status: 'installing',
	step: 'stopping',
	backup_id: 'b1',
	error_code: null,
	restored_backup: false,
	fresh_world: false,
	started_at: '2026-12-09T10:00:00Z',
	finished_at: null,
};

describe('a software change as the panel shows it', () => {
	it('has a step only while it runs', () => {
		expect(installView(row, 'en')).toMatchObject({ status: 'installing', step: 'stopping' });
		const done = { ...row, status: 'installed', finished_at: '2026-12-09T10:05:00Z' } as const;
		expect(installView(done, 'en')).toMatchObject({ step: null, error: null });
	});

	it('says why it failed in the reader’s language, and whether the backup was put back', () => {
		const failed = {
			...row,
			status: 'failed',
			step: 'installing',
			error_code: 'install_failed',
			restored_backup: true,
			finished_at: '2026-12-09T10:05:00Z',
		} as const;
		expect(installView(failed, 'da')).toMatchObject({
			step: null,
			error: dictionaries.da['software.failure.install_failed'],
			restoredBackup: true,
		});
		// Failing, its backup still being put back: no failure shown before it ends.
		expect(installView({ ...row, error_code: 'timed_out' }, 'en').error).toBeNull();
	});

	it('reads what a server runs: nothing recorded is the plan’s default without a pack', () => {
		expect(runsOf(null)).toEqual({ software: null, modpack: null });
		expect(
			runsOf({
				software: 'paper',
				minecraft_version: '1.21.4',
				modpack_project_id: '1KVo5zza',
				modpack_version_id: 'lqd6yJSI',
				modpack_name: 'Fabulously Optimized',
				modpack_version: '6.1.0',
				modpack_loader: 'fabric',
				modpack_game_version: '1.21.1',
			}),
		).toEqual({
			software: { software: 'paper', minecraftVersion: '1.21.4' },
			modpack: {
				projectId: '1KVo5zza',
				versionId: 'lqd6yJSI',
				name: 'Fabulously Optimized',
				version: '6.1.0',
				loader: 'fabric',
				gameVersion: '1.21.1',
			},
		});
		expect(() => runsOf({ software: 'bukkit' })).toThrow();
	});
});
