import { GamePanelNotFoundError } from './errors';
import type { PanelHttp } from './pterodactyl-http';
import { scheduleListSchema, scheduleSchema, type ScheduleAttributes } from './pterodactyl-schemas';
import type { ServerRef } from './types';

// The daily restart as a client API schedule of the server, ours by its name: one power task,
// `restart`, at the schedule's time, run only while the server is up. The panel reads cron times
// in its own timezone (APP_TIMEZONE), which must be UTC for our UTC times to hold.

export const DAILY_RESTART_NAME = 'Frostnode daily restart';

type Time = { hour: number; minute: number };

/** What the panel wants on create and on update alike: every field, the cron ones as strings. */
function scheduleBody(time: Time) {
	return {
		name: DAILY_RESTART_NAME,
		minute: String(time.minute),
		hour: String(time.hour),
		day_of_month: '*',
		month: '*',
		day_of_week: '*',
		is_active: true,
		only_when_online: true,
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
		schedule.only_when_online
	);
}

const hasRestartTask = (schedule: ScheduleAttributes) =>
	schedule.relationships.tasks.data.some(
		({ attributes: task }) => task.action === 'power' && task.payload === 'restart',
	);

/**
 * Makes the server's schedules hold exactly one daily restart at `time`, or none. Each step is
 * safe to repeat, so a call that failed half-way (a lost answer after the schedule was made but
 * before its task) is completed by the next one; extra copies of ours, as two concurrent calls
 * can leave, are removed. Other schedules (the customer's own) are left alone.
 */
export async function setDailyRestart(
	http: PanelHttp,
	ref: ServerRef,
	time: Time | null,
): Promise<void> {
	const base = `/servers/${encodeURIComponent(ref.identifier)}/schedules`;
	const { data } = await http.get('client', base, scheduleListSchema);
	const ours = data
		.map(({ attributes }) => attributes)
		.filter((schedule) => schedule.name === DAILY_RESTART_NAME);
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
	const body = scheduleBody(time);
	let schedule = kept;
	if (!schedule) {
		const created = await http.send('client', 'POST', base, body);
		schedule = http.parse(scheduleSchema, created, base).attributes;
	} else if (!isCurrent(schedule, body)) {
		await http.send('client', 'POST', `${base}/${schedule.id}`, body);
	}
	if (!hasRestartTask(schedule))
		await http.send('client', 'POST', `${base}/${schedule.id}/tasks`, {
			action: 'power',
			payload: 'restart',
			time_offset: 0,
			continue_on_failure: false,
		});
}
