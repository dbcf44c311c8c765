import type {
	FakeAllocation,
	FakePanelState,
	FakeSchedule,
	FakeServer,
	FakeTask,
	FakeUser,
} from './state';
import type { FakeBackup, FakeFile } from './node';

// The panel's Fractal envelope: `{ object, attributes }`, lists with pagination, includes under
// `attributes.relationships`.

export function list(object: string, items: unknown[], page = 1, perPage = 50) {
	const slice = items.slice((page - 1) * perPage, page * perPage);
	return {
		object: 'list',
		data: slice.map((attributes) => ({ object, attributes })),
		meta: {
			pagination: {
				total: items.length,
				count: slice.length,
				per_page: perPage,
				current_page: page,
				total_pages: Math.max(1, Math.ceil(items.length / perPage)),
				links: {},
			},
		},
	};
}

/** A list that is not paged (the client API's schedules, includes): no `meta`. */
export function collection(object: string, items: unknown[]) {
	return { object: 'list', data: items.map((attributes) => ({ object, attributes })) };
}

const STAMP = '2026-01-01T00:00:00+00:00';

export function task(t: FakeTask) {
	return { ...t, is_queued: false, created_at: STAMP, updated_at: STAMP };
}

/** ScheduleTransformer: cron fields grouped under `cron`, tasks always included. */
export function schedule(s: FakeSchedule) {
	return {
		id: s.id,
		name: s.name,
		cron: {
			day_of_week: s.cron_day_of_week,
			day_of_month: s.cron_day_of_month,
			month: s.cron_month,
			hour: s.cron_hour,
			minute: s.cron_minute,
		},
		is_active: s.is_active,
		is_processing: false,
		only_when_online: s.only_when_online,
		last_run_at: null,
		next_run_at: STAMP,
		created_at: STAMP,
		updated_at: STAMP,
		relationships: { tasks: collection('schedule_task', s.tasks.map(task)) },
	};
}

export function allocation(a: FakeAllocation) {
	return {
		id: a.id,
		ip: a.ip,
		alias: a.alias,
		port: a.port,
		notes: null,
		assigned: a.server !== null,
	};
}

export function user(u: FakeUser) {
	const { password: _password, ...attributes } = u;
	return { object: 'user', attributes: { ...attributes, uuid: `user-${u.id}`, '2fa': false } };
}

export function server(state: FakePanelState, s: FakeServer, include: string | null) {
	state.settle(s);
	const attributes = {
		id: s.id,
		external_id: s.external_id,
		uuid: s.uuid,
		identifier: s.identifier,
		name: s.name,
		description: '',
		status: s.status,
		suspended: s.status === 'suspended',
		limits: { ...s.limits, oom_disabled: true },
		feature_limits: s.feature_limits,
		user: s.user,
		node: s.node,
		allocation: s.allocation,
		nest: state.eggs.find((egg) => egg.id === s.egg)?.nest ?? 1,
		egg: s.egg,
		container: {
			startup_command: s.startup,
			image: s.docker_image,
			installed: 1,
			environment: s.environment,
		},
		updated_at: '2026-01-01T00:00:00+00:00',
		created_at: '2026-01-01T00:00:00+00:00',
	};
	const includes = (include ?? '').split(',');
	const relationships = includes.includes('allocations')
		? {
				allocations: list(
					'allocation',
					state.allocations.filter((a) => a.server === s.id).map(allocation),
				),
			}
		: undefined;
	return {
		object: 'server',
		attributes: relationships ? { ...attributes, relationships } : attributes,
	};
}

const atom = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');

/** BackupTransformer. */
export function backup(b: FakeBackup) {
	return {
		uuid: b.uuid,
		is_successful: b.is_successful,
		is_locked: b.is_locked,
		name: b.name,
		ignored_files: [],
		checksum: b.checksum,
		bytes: b.bytes,
		created_at: atom(b.created),
		completed_at: b.completed === null ? null : atom(b.completed),
	};
}

/** FileObjectTransformer over Wings' stat. */
export function fileObject(name: string, f: FakeFile) {
	return {
		name,
		mode: f.kind === 'folder' ? 'drwxr-xr-x' : '-rw-r--r--',
		mode_bits: f.kind === 'folder' ? '755' : '644',
		size: f.kind === 'folder' ? 4096 : f.data.length,
		is_file: f.kind === 'file',
		is_symlink: false,
		mimetype:
			f.kind === 'folder'
				? 'inode/directory'
				: f.data.includes(0)
					? 'application/octet-stream'
					: 'text/plain',
		created_at: atom(f.modified),
		modified_at: atom(f.modified),
	};
}
