import { BillingError } from './errors';

/** A UTC calendar date, 'YYYY-MM-DD'. Billing counts whole days, so times never enter the rules. */
export type IsoDate = string;

const DAY_MS = 86_400_000;

/**
 * The date of a year, month (0-based) and day, which may overflow as in Date.UTC (day 0 is the
 * previous month's last day). setUTCFullYear, because Date.UTC reads years 0–99 as 1900–1999.
 */
function utcDate(year: number, month: number, day: number): Date {
	const date = new Date(0);
	date.setUTCFullYear(year, month, day);
	return date;
}

function toIso(date: Date): IsoDate {
	return date.toISOString().slice(0, 10);
}

/**
 * A date is valid only if it reads back unchanged: that refuses 2025-02-30 (which Date.parse
 * turns into March 2), times, offsets and any other spelling of a day.
 */
function parse(date: IsoDate): Date {
	const time = Date.parse(date);
	if (Number.isNaN(time) || toIso(new Date(time)) !== date) {
		throw new BillingError('invalid_date', String(date));
	}
	return new Date(time);
}

/** Calendar days from `from` to `to`: negative when `to` comes first. */
export function daysBetween(from: IsoDate, to: IsoDate): number {
	return (parse(to).getTime() - parse(from).getTime()) / DAY_MS;
}

/** The date `days` calendar days after `date` (before it when negative). */
export function addDays(date: IsoDate, days: number): IsoDate {
	if (!Number.isSafeInteger(days)) throw new BillingError('invalid_days', String(days));
	return toIso(new Date(parse(date).getTime() + days * DAY_MS));
}

/**
 * The due date `months` after `date`. Every period ends on the service's anchor day (the day it
 * was activated), or on the last day of a month too short for it: Jan 31 → Feb 28 → Mar 31.
 * Taking the anchor rather than the previous due date's day is what stops one February from
 * moving every later due date to the 28th.
 */
export function addCycle(date: IsoDate, months: number, anchorDay: number): IsoDate {
	if (!Number.isSafeInteger(months) || months < 1) {
		throw new BillingError('invalid_months', String(months));
	}
	if (!Number.isInteger(anchorDay) || anchorDay < 1 || anchorDay > 31) {
		throw new BillingError('invalid_anchor_day', String(anchorDay));
	}
	const start = parse(date);
	const year = start.getUTCFullYear();
	const month = start.getUTCMonth() + months;
	// Day 0 of the month after is the target month's last day.
	const lastDay = utcDate(year, month + 1, 0).getUTCDate();
	return toIso(utcDate(year, month, Math.min(anchorDay, lastDay)));
}
