import { afterEach, describe, expect, it, vi } from 'vitest';
import {
	$backups,
	$backupsNotice,
	followBackups,
	loadBackups,
	restoreBackup,
	usedOf,
} from './game-backups';

const backup = (state: 'in_progress' | 'completed') => ({
	id: 'b1',
	name: 'Before the update',
	bytes: state === 'completed' ? 2048 : 0,
	createdAt: '2026-12-08T10:00:00Z',
	completedAt: state === 'completed' ? '2026-12-08T10:00:03Z' : null,
	locked: false,
	state,
});

afterEach(() => vi.useRealTimers());

describe('the backups page', () => {
	it('follows a backup in progress until it is done, then stops asking', async () => {
		vi.useFakeTimers();
		const answers = [backup('in_progress'), backup('in_progress'), backup('completed')];
		let reads = 0;
		const fetcher = (() => {
			const answer = answers[Math.min(reads++, answers.length - 1)];
			return Promise.resolve(Response.json({ backups: [answer], limit: 3 }));
		}) as unknown as typeof fetch;
		await loadBackups('svc', 'offline', fetcher);
		const stop = followBackups(1000);
		await vi.advanceTimersByTimeAsync(2000);
		expect($backups.get()).toMatchObject({
			state: 'ready',
			data: { backups: [{ state: 'completed' }] },
		});
		const afterDone = reads;
		await vi.advanceTimersByTimeAsync(5000);
		expect(reads).toBe(afterDone);
		stop();
	});

	it('sends confirm with a restore, and the server’s refusal comes back as said', async () => {
		const seen: unknown[] = [];
		const fetcher = ((url: string, init: RequestInit = {}) => {
			if (init.method === 'POST') {
				seen.push({ url, body: JSON.parse(typeof init.body === 'string' ? init.body : '') });
				return Promise.resolve(
					Response.json(
						{ error: { code: 'backup_not_restorable', message: 'Still being made' } },
						{ status: 409 },
					),
				);
			}
			return Promise.resolve(Response.json({ backups: [backup('in_progress')], limit: 3 }));
		}) as typeof fetch;
		await loadBackups('svc', 'offline', fetcher);
		expect(await restoreBackup('b1', true, 'de', 'Restoring')).toBeNull();
		expect(seen).toEqual([
			{
				url: '/api/services/svc/backups/b1/restore',
				body: { confirm: true, truncate: true, locale: 'de' },
			},
		]);
		expect($backupsNotice.get()).toEqual({ kind: 'error', text: 'Still being made' });
	});

	it('keeps the list after a restore starts: the panel refuses reads until it has finished', async () => {
		const methods: string[] = [];
		const fetcher = ((_url: string, init: RequestInit = {}) => {
			methods.push(init.method ?? 'GET');
			return Promise.resolve(
				init.method === 'POST'
					? Response.json({ restoring: true })
					: Response.json({ backups: [backup('completed')], limit: 3 }),
			);
		}) as typeof fetch;
		await loadBackups('svc', 'offline', fetcher);
		expect(await restoreBackup('b1', false, 'en', 'Restoring')).toEqual({ restoring: true });
		expect(methods).toEqual(['GET', 'POST']);
		expect($backups.get()).toMatchObject({ state: 'ready' });
		expect($backupsNotice.get()).toEqual({ kind: 'success', text: 'Restoring' });
	});

	it('counts what the plan’s limit counts: not the failed ones', () => {
		const failed = { ...backup('completed'), state: 'failed' as const };
		expect(usedOf([backup('completed'), failed, backup('in_progress')])).toBe(2);
	});
});
