import { initiateBackup } from './backups';
import { clientServer, conflict } from './client';
import { type Context, type Route, noContent, ok } from './routes';
import type { FakeSchedule, FakeServer } from './state';
import { collection, schedule as item, task as taskItem } from './transform';
import { type Answer, Validator, lookup, notFound, panelError } from './validation';

// /api/client/servers/{server}/schedules/*: list, create, view, update, delete, and a schedule's
// tasks, with StoreScheduleRequest's and StoreTaskRequest's rules (the cron fields are strings;
// `month` is required, as the panel's model needs it), the cron check the controller makes (400
// DisplayException), 10 tasks a schedule, and no backup task without backups. Like power, 409
// while the server is suspended or installing; a schedule of another server is not found. The fake
// runs a schedule only through the panel's own execute route, all its tasks at once (the panel
// runs the first synchronously and queues the rest by their offsets).

const PER_SCHEDULE_TASK_LIMIT = 10;

type Found = { server: FakeServer; schedule?: FakeSchedule } | Answer;

/** The route's server and, when the route names one, its schedule; else the panel's refusal. */
function resolve({ state, params }: Context, withSchedule: boolean): Found {
	const server = clientServer(state, params[0]!);
	if (!server) return notFound();
	state.settle(server);
	if (server.status) return conflict();
	if (!withSchedule) return { server };
	const schedule = server.schedules.find((s) => String(s.id) === params[1]);
	return schedule ? { server, schedule } : notFound();
}

const refused = (found: Found): found is Answer => 'status' in found;

const RANGES: Record<string, [number, number, string[]?]> = {
	minute: [0, 59],
	hour: [0, 23],
	day_of_month: [1, 31],
	month: [
		1,
		12,
		['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'],
	],
	day_of_week: [0, 7, ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']],
};

/**
 * Whether a cron field evaluates: `*`, numbers in range (or month and day names), ranges, steps and
 * lists. The panel's library also takes `?`, `L`, `W` and `#`, which this fake refuses.
 */
function validCron(field: string, value: string): boolean {
	const [low, high, names = []] = RANGES[field]!;
	const number = (part: string) => {
		const index = names.indexOf(part.toLowerCase());
		const n = index >= 0 ? index + (field === 'month' ? 1 : 0) : /^\d+$/.test(part) ? +part : NaN;
		return n >= low && n <= high;
	};
	return value.split(',').every((entry) => {
		const [range = '', step, extra] = entry.split('/');
		if (extra !== undefined || (step !== undefined && !/^[1-9]\d*$/.test(step))) return false;
		if (range === '*') return true;
		const [from = '', to, more] = range.split('-');
		return more === undefined && number(from) && (to === undefined || number(to));
	});
}

function validateSchedule(body: unknown): Answer | null {
	const v = new Validator(body)
		.check('name', 'required|string|max:191')
		.check('is_active', 'filled|boolean')
		.check('only_when_online', 'boolean');
	for (const field of Object.keys(RANGES)) v.check(field, 'required|string');
	const invalid = v.answer();
	if (invalid) return invalid;
	const cronOk = Object.keys(RANGES).every((field) =>
		validCron(field, lookup(body, field).value as string),
	);
	return cronOk
		? null
		: panelError(
				400,
				'DisplayException',
				'The cron data provided does not evaluate to a valid expression.',
			);
}

/** The fields the controller stores; booleans absent are false, as `(bool) null` is. */
function scheduleFields(body: unknown) {
	const b = body as Record<string, unknown>;
	return {
		name: b.name as string,
		cron_minute: b.minute as string,
		cron_hour: b.hour as string,
		cron_day_of_month: b.day_of_month as string,
		cron_month: b.month as string,
		cron_day_of_week: b.day_of_week as string,
		is_active: Boolean(b.is_active),
		only_when_online: Boolean(b.only_when_online),
	};
}

export const scheduleRoutes: Route[] = [
	[
		'GET',
		/^\/servers\/([^/]+)\/schedules$/,
		(ctx) => {
			const found = resolve(ctx, false);
			if (refused(found)) return found;
			return ok(collection('server_schedule', found.server.schedules.map(item)));
		},
	],
	[
		'POST',
		/^\/servers\/([^/]+)\/schedules$/,
		(ctx) => {
			const found = resolve(ctx, false);
			if (refused(found)) return found;
			const invalid = validateSchedule(ctx.body);
			if (invalid) return invalid;
			const created: FakeSchedule = { id: ctx.state.id(), ...scheduleFields(ctx.body), tasks: [] };
			found.server.schedules.push(created);
			return ok({ object: 'server_schedule', attributes: item(created) });
		},
	],
	[
		'GET',
		/^\/servers\/([^/]+)\/schedules\/([^/]+)$/,
		(ctx) => {
			const found = resolve(ctx, true);
			if (refused(found)) return found;
			return ok({ object: 'server_schedule', attributes: item(found.schedule!) });
		},
	],
	[
		'POST',
		/^\/servers\/([^/]+)\/schedules\/([^/]+)$/,
		(ctx) => {
			const found = resolve(ctx, true);
			if (refused(found)) return found;
			const invalid = validateSchedule(ctx.body);
			if (invalid) return invalid;
			Object.assign(found.schedule!, scheduleFields(ctx.body));
			return ok({ object: 'server_schedule', attributes: item(found.schedule!) });
		},
	],
	[
		'DELETE',
		/^\/servers\/([^/]+)\/schedules\/([^/]+)$/,
		(ctx) => {
			const found = resolve(ctx, true);
			if (refused(found)) return found;
			found.server.schedules = found.server.schedules.filter((s) => s !== found.schedule);
			return noContent();
		},
	],
	[
		'POST',
		/^\/servers\/([^/]+)\/schedules\/([^/]+)\/tasks$/,
		(ctx) => {
			const found = resolve(ctx, true);
			if (refused(found)) return found;
			const { server } = found;
			const schedule = found.schedule!;
			const action = lookup(ctx.body, 'action').value;
			const invalid = new Validator(ctx.body)
				.check('action', 'required|in:command,power,backup')
				.check('payload', action === 'backup' ? 'nullable|string' : 'required|string|nullable')
				.check('time_offset', 'required|numeric|min:0|max:900')
				.check('sequence_id', 'sometimes|required|numeric|min:1')
				.check('continue_on_failure', 'sometimes|required|boolean')
				.answer();
			if (invalid) return invalid;
			if (schedule.tasks.length >= PER_SCHEDULE_TASK_LIMIT)
				return panelError(
					400,
					'ServiceLimitExceededException',
					`Schedules may not have more than ${PER_SCHEDULE_TASK_LIMIT} tasks associated with them. Creating this task would put this schedule over the limit.`,
				);
			if (server.feature_limits.backups === 0 && action === 'backup')
				return panelError(
					403,
					'HttpForbiddenException',
					"A backup task cannot be created when the server's backup limit is set to 0.",
				);
			const b = ctx.body as Record<string, unknown>;
			const created = {
				id: ctx.state.id(),
				// Appended; the panel's re-numbering on an earlier sequence_id is not modelled.
				sequence_id: Math.max(0, ...schedule.tasks.map((t) => t.sequence_id)) + 1,
				action: action as string,
				payload: (b.payload as string | null | undefined) ?? '',
				time_offset: Number(b.time_offset),
				continue_on_failure: b.continue_on_failure === true,
			};
			schedule.tasks.push(created);
			return ok({ object: 'schedule_task', attributes: taskItem(created) });
		},
	],
	[
		'POST',
		/^\/servers\/([^/]+)\/schedules\/([^/]+)\/execute$/,
		(ctx) => {
			const found = resolve(ctx, true);
			if (refused(found)) return found;
			const { server } = found;
			const tasks = [...found.schedule!.tasks].sort((a, b) => a.sequence_id - b.sequence_id);
			if (tasks.length === 0)
				return panelError(
					400,
					'DisplayException',
					'Cannot process schedule for task execution: no tasks are registered.',
				);
			for (const task of tasks) {
				if (task.action === 'power') ctx.state.signal(server, task.payload);
				if (task.action !== 'backup') continue;
				// A scheduled backup makes room by deleting the oldest unlocked one (override).
				const made = initiateBackup(ctx.state, server, {}, true);
				if ('status' in made) return made;
			}
			return { status: 202 };
		},
	],
];
