import { describe, expect, it } from 'vitest';
import { GamePanelRefusedError, type Backup, type GamePanel } from '../game-panel';
import { backupBefore, backupName } from './backup-first';

// The panel's backup rules, as small as the test needs: a limit over the backups that did not
// fail, the throttle as a switch.

const ref = { panelServerId: 1, identifier: 'abcd1234' };

function backup(id: string, createdAt: string, extra: Partial<Backup> = {}): Backup {
	return {
		id,
		name: id,
		bytes: 10,
		checksum: 'sha1:x',
		createdAt,
		completedAt: createdAt,
		successful: true,
		locked: false,
		...extra,
	};
}

function panelWith(backups: Backup[], limit: number, throttled = false) {
	const list = [...backups];
	const panel: Pick<GamePanel, 'createBackup' | 'listBackups' | 'deleteBackup'> = {
		listBackups() {
			return Promise.resolve({ backups: [...list].reverse(), limit });
		},
		createBackup(_ref, { name }) {
			if (throttled)
				return Promise.reject(
					new GamePanelRefusedError('backups_too_frequent', 'two per ten minutes'),
				);
			if (list.filter((b) => b.successful || !b.completedAt).length >= limit)
				return Promise.reject(new GamePanelRefusedError('backup_limit', 'at the limit', { limit }));
			const made = backup(`new-${list.length}`, '2026-12-09T12:00:00Z', {
				name: name ?? 'unnamed',
				completedAt: null,
				successful: false,
			});
			list.push(made);
			return Promise.resolve(made);
		},
		deleteBackup(_ref, id) {
			list.splice(
				list.findIndex((b) => b.id === id),
				1,
			);
			return Promise.resolve();
		},
	};
	return { panel, list };
}

describe('the backup a software change makes first', () => {
	it('is named after what is installed, within the panel’s 191 characters', () => {
		expect(backupName('Paper 1.21.4')).toBe('Before Paper 1.21.4');
		expect(backupName('x'.repeat(300))).toHaveLength(191);
	});

	it('is made beside the others below the limit', async () => {
		const { panel, list } = panelWith([backup('a', '2026-12-01T04:00:00Z')], 3);
		const rotated: string[] = [];
		const made = await backupBefore(panel, ref, 'Before Paper 1.21.4', (b) => {
			rotated.push(b.id);
			return Promise.resolve();
		});
		expect(made.name).toBe('Before Paper 1.21.4');
		expect(list.map((b) => b.id)).toEqual(['a', made.id]);
		expect(rotated).toEqual([]);
	});

	it('at the limit, makes room by deleting the oldest unlocked completed backup', async () => {
		const { panel, list } = panelWith(
			[
				backup('locked-oldest', '2026-12-01T04:00:00Z', { locked: true }),
				backup('failed', '2026-12-02T04:00:00Z', { successful: false }),
				backup('oldest-unlocked', '2026-12-03T04:00:00Z'),
				backup('newer', '2026-12-04T04:00:00Z'),
			],
			3,
		);
		const rotated: string[] = [];
		const made = await backupBefore(panel, ref, 'Before Fabric 1.21.4', (b) => {
			rotated.push(b.id);
			return Promise.resolve();
		});
		expect(rotated).toEqual(['oldest-unlocked']);
		expect(list.map((b) => b.id)).toEqual(['locked-oldest', 'failed', 'newer', made.id]);
	});

	it('is refused, deleting nothing, when every backup at the limit is locked or too many were made lately', async () => {
		const locked = panelWith(
			[
				backup('a', '2026-12-01T04:00:00Z', { locked: true }),
				backup('b', '2026-12-02T04:00:00Z', { locked: true }),
			],
			2,
		);
		await expect(
			backupBefore(locked.panel, ref, 'x', () => Promise.resolve()),
		).rejects.toMatchObject({
			reason: 'backup_limit',
		});
		expect(locked.list).toHaveLength(2);
		const throttled = panelWith([backup('a', '2026-12-01T04:00:00Z')], 1, true);
		await expect(
			backupBefore(throttled.panel, ref, 'x', () => Promise.resolve()),
		).rejects.toMatchObject({
			reason: 'backups_too_frequent',
		});
		expect(throttled.list).toHaveLength(1);
	});
});
