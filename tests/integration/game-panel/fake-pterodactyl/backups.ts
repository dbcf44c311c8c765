import { refused, usableServer } from './client';
import { newBackup } from './node';
import { type Route, noContent, ok } from './routes';
import type { FakePanelState, FakeServer } from './state';
import { backup as item, list } from './transform';
import { type Answer, Validator, panelError } from './validation';

// /api/client/servers/{server}/backups/*, as BackupController and InitiateBackupService answer:
// the throttle (2 per 600 s, deleted and running ones counted) before the limit, the lock as a
// toggle, locked backups undeletable once complete, restore setting `restoring_backup` (409 on
// every other route until Wings is done), and one-time download links to the node.

const nonFailed = (s: FakeServer) =>
	s.wings.backups.filter((b) => !b.deleted && (b.completed === null || b.is_successful));

/** InitiateBackupService::handle; `override` is the schedule's: rotate the oldest unlocked one. */
export function initiateBackup(
	state: FakePanelState,
	s: FakeServer,
	input: { name?: string | null; locked?: boolean },
	override = false,
): Answer | ReturnType<typeof newBackup> {
	const now = state.now();
	const { limit, periodMs } = state.backupThrottle;
	const recent = s.wings.backups.filter(
		(b) => (b.completed === null || b.is_successful) && b.created > now - periodMs,
	);
	if (recent.length >= limit)
		return {
			...panelError(
				429,
				'TooManyRequestsHttpException',
				`Only ${limit} backups may be generated within a ${periodMs / 1000} second span of time.`,
			),
			headers: { 'Retry-After': String(Math.ceil((recent[0]!.created + periodMs - now) / 1000)) },
		};
	const max = s.feature_limits.backups ?? 0;
	const tooMany = () =>
		panelError(
			400,
			'TooManyBackupsException',
			`Cannot create a new backup, this server has reached its limit of ${max} backups.`,
		);
	const counted = nonFailed(s);
	if (max <= 0 || counted.length >= max) {
		if (!override || max <= 0) return tooMany();
		const oldest = counted.filter((b) => !b.is_locked).sort((a, b) => a.created - b.created)[0];
		if (!oldest) return tooMany();
		oldest.deleted = true;
	}
	const name =
		input.name || `Backup at ${new Date(now).toISOString().slice(0, 19).replace('T', ' ')}`;
	return newBackup(s.wings, name, input.locked === true, now, state.delayMs);
}

type Found = { server: FakeServer; backup: NonNullable<ReturnType<typeof findBackup>> } | Answer;

function findBackup(s: FakeServer, uuid: string | undefined) {
	return s.wings.backups.find((b) => !b.deleted && b.uuid === uuid);
}

function resolve(state: FakePanelState, params: string[]): Found {
	const server = usableServer(state, params[0]!);
	if (refused(server)) return server;
	const backup = findBackup(server, params[1]);
	return backup
		? { server, backup }
		: panelError(
				404,
				'NotFoundHttpException',
				'The requested resource was not found for this server.',
			);
}

const one = (b: Parameters<typeof item>[0]) => ok({ object: 'backup', attributes: item(b) });
const BACKUP = /^\/servers\/([^/]+)\/backups\/([^/]+)/;
const sub = (tail: string) => new RegExp(`${BACKUP.source}${tail}$`);

export const backupRoutes: Route[] = [
	[
		'GET',
		/^\/servers\/([^/]+)\/backups$/,
		({ state, params, query }) => {
			const s = usableServer(state, params[0]!);
			if (refused(s)) return s;
			const perPage = Number(query.get('per_page') ?? 20);
			if (perPage > 50 || perPage < 1)
				return new Validator({ per_page: perPage })
					.fail('per_page', 'max', 'The per page may not be greater than 50.')
					.answer()!;
			const rows = s.wings.backups.filter((b) => !b.deleted).map(item);
			const answer = list('backup', rows, Number(query.get('page') ?? 1), perPage);
			return ok({ ...answer, meta: { ...answer.meta, backup_count: nonFailed(s).length } });
		},
	],
	[
		'POST',
		/^\/servers\/([^/]+)\/backups$/,
		({ state, params, body }) => {
			const s = usableServer(state, params[0]!);
			if (refused(s)) return s;
			const invalid = new Validator(body)
				.check('name', 'nullable|string|max:191')
				.check('is_locked', 'nullable|boolean')
				.check('ignored', 'nullable|string')
				.answer();
			if (invalid) return invalid;
			const b = body as { name?: string | null; is_locked?: boolean | null };
			const created = initiateBackup(state, s, { name: b.name, locked: b.is_locked === true });
			return 'status' in created ? created : one(created);
		},
	],
	[
		'GET',
		sub(''),
		({ state, params }) => {
			const found = resolve(state, params);
			return 'status' in found ? found : one(found.backup);
		},
	],
	[
		'POST',
		sub('/lock'),
		({ state, params }) => {
			const found = resolve(state, params);
			if ('status' in found) return found;
			found.backup.is_locked = !found.backup.is_locked;
			return one(found.backup);
		},
	],
	[
		'GET',
		sub('/download'),
		({ state, params }) => {
			const found = resolve(state, params);
			if ('status' in found) return found;
			const url = state.sign({
				kind: 'backup',
				server: found.server.uuid,
				backup: found.backup.uuid,
			});
			return ok({ object: 'signed_url', attributes: { url } });
		},
	],
	[
		'POST',
		sub('/restore'),
		({ state, params, body }) => {
			const found = resolve(state, params);
			if ('status' in found) return found;
			const invalid = new Validator(body).check('truncate', 'required|boolean').answer();
			if (invalid) return invalid;
			const { server, backup } = found;
			if (server.status !== null)
				return panelError(
					400,
					'BadRequestHttpException',
					'This server is not currently in a state that allows for a backup to be restored.',
				);
			if (!backup.is_successful && backup.completed === null)
				return panelError(
					400,
					'BadRequestHttpException',
					'This backup cannot be restored at this time: not completed or failed.',
				);
			server.status = 'restoring_backup';
			// Wings empties the folder before it answers, then stops the server and extracts.
			if ((body as { truncate: boolean }).truncate) server.wings.files.clear();
			server.power = { state: 'offline', queue: [] };
			server.wings.restore = { backup, until: state.now() + state.delayMs };
			return noContent();
		},
	],
	[
		'DELETE',
		sub(''),
		({ state, params }) => {
			const found = resolve(state, params);
			if ('status' in found) return found;
			const { backup } = found;
			if (backup.is_locked && backup.is_successful && backup.completed !== null)
				return panelError(
					400,
					'BackupLockedException',
					'Cannot delete a backup that is marked as locked.',
				);
			backup.deleted = true;
			return noContent();
		},
	],
];
