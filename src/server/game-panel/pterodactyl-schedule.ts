import { GamePanelNotFoundError } from './errors';
import type { PanelHttp } from './pterodactyl-http';
import { scheduleListSchema, scheduleSchema, type ScheduleAttributes } from './pterodactyl-schemas';
import type { ServerRef } from './types';

// Our daily jobs as client API schedules of the server, each ours by its name, with one task at
// the schedule's time: the restart (a power task, run only while the server is up) and the backup
// (a backup task, run whatever the state; the panel rotates the oldest unlocked backup out at the
// limit). The panel reads cron times in its own timezone (APP_TIMEZONE), which must be UTC for our
// UTC times to hold.

export const DAILY_RESTART_NAME = 'Frostnode daily restart';
export const DAILY_BACKUP_NAME = 'Frostnode daily backup';

export interface DailyJob {
	name: string;
	onlyWhenOnline: boolean;
	task: { action: 'power' | 'backup'; payload: string };
}

export const dailyRestart: DailyJob = {
	name: DAILY_RESTART_NAME,
	onlyWhenOnline: true,
	task: { action: 'power', payload: 'restart' },
};

/** An empty payload: no ignore list beyond the server's own `.pteroignore`. */
export const dailyBackup: DailyJob = {
	name: DAILY_BACKUP_NAME,
	onlyWhenOnline: false,
	task: { action: 'backup', payload: '' },
};

type Time = { hour: number; minute: number };

/** What the panel wants on create and on update alike: every field, the cron ones as strings. */
function scheduleBody(job: DailyJob, time: Time) {
	return {
		name: job.name,
		minute: String(time.minute),
		hour: String(time.hour),
		day_of_month: '*',
		month: '*',
		day_of_week: '*',
		is_active: true,
		only_when_online: job.onlyWhenOnline,
	};
}

function isCurrent(schedule: ScheduleAttributes, body: ReturnType<typeof scheduleBody>): boolean {
	const { cron } = schedule;
	return (
		cron.minute === body.minute &&
		cron.hour === body.hour &&
		cron.day_of_month === '*' &&
		cron.month === '*' &&
		cron.day_of_week === '*' &&
		schedule.is_active &&
		schedule.only_when_online === body.only_when_online
	);
}

/** The panel stores an empty payload as null. */
const hasTask = (schedule: ScheduleAttributes, { task }: DailyJob) =>
	schedule.relationships.tasks.data.some(
		({ attributes }) =>
			attributes.action === task.action && (attributes.payload ?? '') === task.payload,
	);

/**
 * Makes the server's schedules hold exactly one of `job` at `time`, or none. Each step is safe to
 * repeat, so a call that failed half-way (a lost answer after the schedule was made but before its
 * task) is completed by the next one; extra copies of ours, as two concurrent calls can leave, are
 * removed. Other schedules (the customer's own) are left alone.
 */
export async function setDailyJob(
	http: PanelHttp,
	ref: ServerRef,
	job: DailyJob,
	time: Time | null,
): Promise<void> {
	const base = `/servers/${encodeURIComponent(ref.identifier)}/schedules`;
	const { data } = await http.get('client', base, scheduleListSchema);
	const ours = data
		.map(({ attributes }) => attributes)
		.filter((schedule) => schedule.name === job.name);
	const [kept, ...extra] = time ? ours : [];
	for (const { id } of time ? extra : ours) {
		try {
			await http.send('client', 'DELETE', `${base}/${id}`);
		} catch (error) {
			// Already gone (a concurrent call removed it): that is what we wanted.
			if (!(error instanceof GamePanelNotFoundError)) throw error;
		}
	}
	if (!time) return;
	const body = scheduleBody(job, time);
	let schedule = kept;
	if (!schedule) {
		const created = await http.send('client', 'POST', base, body);
		schedule = http.parse(scheduleSchema, created, base).attributes;
	} else if (!isCurrent(schedule, body)) {
		await http.send('client', 'POST', `${base}/${schedule.id}`, body);
	}
	if (!hasTask(schedule, job))
		await http.send('client', 'POST', `${base}/${schedule.id}/tasks`, {
			...job.task,
			time_offset: 0,
			continue_on_failure: false,
		});
}
