import { GamePanelRefusedError } from '../../../src/server/game-panel/errors.ts';
import type { Backup, GamePanel, ServerState } from '../../../src/server/game-panel/types.ts';
import type { SoftwareInstall } from '../../../src/lib/modpacks/plan.ts';

// A game panel for the job's tests that plays a script: its backups complete or fail, its install
// ends offline or `install_failed`, and every call is noted. It is a test double of the port, not
// of a vendor (the simulated panel and the fake Pterodactyl are those): it lets a test say what
// the panel does, a failing install included, and read what the job asked of it.

export interface Script {
	backup?: 'completes' | 'fails';
	/** How each install ends, in order (the last one repeats); all succeed when omitted. */
	install?: ('succeeds' | 'fails')[];
	/** Looks at the state an install stays `installing` for. */
	installLooks?: number;
	limit?: number;
	backups?: Backup[];
	/** Stays installing until told (`finishInstall`), for a change cut off mid-install. */
	installHangs?: boolean;
}

export function scriptedPanel(script: Script = {}) {
	let state: ServerState = 'running';
	let looks = 0;
	let hanging = script.installHangs ?? false;
	const backups: Backup[] = [...(script.backups ?? [])];
	const calls: string[] = [];
	const installs: { install: SoftwareInstall; freshWorld: boolean }[] = [];
	const restores: { backupId: string; truncate: boolean }[] = [];
	const complete = (b: Backup): Backup =>
		script.backup === 'fails'
			? { ...b, completedAt: new Date().toISOString(), successful: false }
			: { ...b, completedAt: new Date().toISOString(), successful: true, checksum: 'sha1:0' };
	const own: Partial<GamePanel> = {
		kind: 'simulated',
		state() {
			if (state === 'installing' && !hanging && ++looks > (script.installLooks ?? 1)) {
				const outcomes = script.install ?? ['succeeds'];
				const outcome = outcomes[Math.min(installs.length, outcomes.length) - 1];
				state = outcome === 'fails' ? 'install_failed' : 'offline';
			}
			return Promise.resolve({ state });
		},
		power(_ref, signal) {
			calls.push(`power:${signal}`);
			if (state === 'installing') return Promise.reject(new Error('conflict: installing'));
			state = signal === 'start' || signal === 'restart' ? 'running' : 'offline';
			return Promise.resolve();
		},
		listBackups() {
			// A backup in progress is complete (or failed) at the next look.
			for (const [i, b] of backups.entries()) if (!b.completedAt) backups[i] = complete(b);
			return Promise.resolve({ backups: [...backups].reverse(), limit: script.limit ?? 3 });
		},
		createBackup(_ref, { name }) {
			calls.push(`backup:${name}`);
			const made: Backup = {
				id: `backup-${backups.length + 1}`,
				name: name ?? 'unnamed',
				bytes: 0,
				checksum: null,
				createdAt: new Date(Date.now() + backups.length).toISOString(),
				completedAt: null,
				successful: false,
				locked: false,
			};
			const limit = script.limit ?? 3;
			if (backups.filter((b) => b.successful || !b.completedAt).length >= limit)
				return Promise.reject(new GamePanelRefusedError('backup_limit', 'at the limit', { limit }));
			backups.push(made);
			return Promise.resolve(made);
		},
		deleteBackup(_ref, id) {
			calls.push(`delete:${id}`);
			backups.splice(
				backups.findIndex((b) => b.id === id),
				1,
			);
			return Promise.resolve();
		},
		restoreBackup(_ref, backupId, { truncate }) {
			calls.push(`restore:${backupId}`);
			// As Pterodactyl: only a server whose last install worked is restored.
			if (state === 'install_failed')
				return Promise.reject(
					new GamePanelRefusedError('backup_not_restorable', 'the install failed'),
				);
			restores.push({ backupId, truncate });
			state = 'offline';
			return Promise.resolve();
		},
		installSoftware(_ref, install, { freshWorld }) {
			calls.push(`install:${install.kind}`);
			installs.push({ install, freshWorld });
			state = 'installing';
			looks = 0;
			return Promise.resolve();
		},
	};
	const panel = new Proxy(own, {
		get(target, name: string) {
			if (name in target) return target[name as keyof GamePanel];
			return () => Promise.reject(new Error(`the job does not call ${name}`));
		},
	}) as GamePanel;
	return {
		panel,
		calls,
		installs,
		restores,
		backups,
		state: () => state,
		finishInstall() {
			hanging = false;
		},
	};
}
