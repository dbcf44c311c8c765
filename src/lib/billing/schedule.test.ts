import { describe, expect, it } from 'vitest';
import { billingCycles, type BillingCycleId } from '../catalogue';
import { addDays } from './dates';
import type { BillingErrorCode } from './errors';
import {
	CHARGE_RETRY_DAYS,
	MONEY_BACK_DAYS,
	REMINDER_DAYS,
	RENEWAL_NOTICE_DAYS,
	SUSPEND_AFTER_DAYS,
	TERMINATE_AFTER_DAYS,
	cycleMonths,
	chargesDue,
	dunningDate,
	nextAutoCharge,
	dueActions,
	reminderOn,
	type DueAction,
	type ServiceDay,
} from './schedule';

const refused = (code: BillingErrorCode) => expect.objectContaining({ name: 'BillingError', code });

describe('the schedule the terms promise', () => {
	it('has the figures of the help articles', () => {
		expect(RENEWAL_NOTICE_DAYS).toBe(7);
		expect(SUSPEND_AFTER_DAYS).toBe(3);
		expect(TERMINATE_AFTER_DAYS).toBe(14);
		expect(CHARGE_RETRY_DAYS).toEqual([0, 1, 3]);
		expect(REMINDER_DAYS).toEqual([-7, 0, 1, 2]);
		expect(MONEY_BACK_DAYS).toEqual({ game: 7, vps: 14 });
	});

	it.each([
		['monthly', 1],
		['quarterly', 3],
		['semiannually', 6],
		['annually', 12],
	])('a %s cycle is %i months', (cycle, months) => {
		expect(cycleMonths(cycle as BillingCycleId)).toBe(months);
	});

	it('knows every cycle the catalogue sells, and refuses others', () => {
		for (const cycle of billingCycles) expect(cycleMonths(cycle.id)).toBe(cycle.months);
		expect(() => cycleMonths('weekly' as BillingCycleId)).toThrow(refused('unknown_cycle'));
	});
});

/** Due 2027-03-01 at noon; `day` is today relative to it, `duePassed` whether noon has passed. */
const on = (day: number, overrides: Partial<ServiceDay> = {}): ServiceDay => ({
	today: addDays('2027-03-01', day),
	dueDate: '2027-03-01',
	duePassed: day >= 0,
	status: 'active',
	paused: false,
	cancelAtPeriodEnd: false,
	hasSavedCard: true,
	renewal: { paid: false, chargeAttempts: 0 },
	...overrides,
});
const steps = (actions: DueAction[]) =>
	actions.map((action) =>
		'attempt' in action
			? `${action.do} ${action.attempt}`
			: 'reminder' in action
				? `${action.do} ${action.reminder}`
				: action.do,
	);

describe('dueActions', () => {
	it('issues the renewal invoice from 7 days before the due date, once', () => {
		expect(dueActions(on(-8, { renewal: null }))).toEqual([]);
		expect(steps(dueActions(on(-7, { renewal: null })))).toEqual(['issue_renewal']);
		expect(steps(dueActions(on(2, { renewal: null })))).toEqual(['issue_renewal']);
		expect(dueActions(on(-7))).toEqual([]);
		expect(dueActions(on(-1))).toEqual([]);
	});

	it('waits for the due hour on the due date', () => {
		expect(dueActions(on(0, { duePassed: false }))).toEqual([]);
		expect(steps(dueActions(on(0)))).toEqual(['mark_overdue', 'charge 1', 'remind due']);
	});

	it('walks an unpaid renewal through charges, reminders, the late fee, suspension and termination', () => {
		const attempts = { 0: 0, 1: 1, 2: 2, 3: 2, 4: 3, 13: 3, 14: 3 } as Record<number, number>;
		const timeline = Object.entries(attempts).map(([day, chargeAttempts]) => [
			Number(day),
			steps(dueActions(on(Number(day), { renewal: { paid: false, chargeAttempts } }))),
		]);
		expect(timeline).toEqual([
			[0, ['mark_overdue', 'charge 1', 'remind due']],
			[1, ['mark_overdue', 'charge 2', 'remind overdue']],
			[2, ['mark_overdue', 'remind suspension_warning']],
			[3, ['mark_overdue', 'charge 3', 'suspend']],
			[4, ['mark_overdue', 'suspend']],
			[13, ['mark_overdue', 'suspend']],
			[14, ['terminate']],
		]);
	});

	it('does not suspend twice, catches up a charge a missed run skipped, charges no missing card', () => {
		const suspended = { status: 'suspended' as const, renewal: { paid: false, chargeAttempts: 2 } };
		expect(steps(dueActions(on(5, suspended)))).toEqual(['mark_overdue', 'charge 3']);
		expect(steps(dueActions(on(3, { renewal: { paid: false, chargeAttempts: 0 } })))).toEqual([
			'mark_overdue',
			'charge 3',
			'suspend',
		]);
		expect(steps(dueActions(on(1, { hasSavedCard: false })))).toEqual([
			'mark_overdue',
			'remind overdue',
		]);
	});

	it('a run after missed runs does what the current day says: past day 14 it deletes, it does not charge', () => {
		for (const chargeAttempts of [0, 1, 2, 3])
			for (const status of ['active', 'suspended'] as const)
				expect(
					steps(dueActions(on(15, { status, renewal: { paid: false, chargeAttempts } }))),
				).toEqual(['terminate']);
		expect(steps(dueActions(on(13, { renewal: { paid: false, chargeAttempts: 0 } })))).toEqual([
			'mark_overdue',
			'charge 3',
			'suspend',
		]);
	});

	it('repairs a paid renewal that did not extend the period, and a renewed service left suspended', () => {
		for (const day of [-7, 0, 3, 14])
			expect(steps(dueActions(on(day, { renewal: { paid: true, chargeAttempts: 1 } })))).toEqual([
				'extend',
			]);
		const renewed = { status: 'suspended' as const, renewal: null };
		expect(steps(dueActions(on(-20, renewed)))).toEqual(['unsuspend']);
		expect(steps(dueActions(on(0, renewed)))).toEqual(['issue_renewal']);
	});

	it('leaves a paused service to its pause: no unsuspending, invoicing or charging', () => {
		const paused = { paused: true, status: 'suspended' as const };
		expect(dueActions(on(-20, { ...paused, renewal: null }))).toEqual([]);
		expect(dueActions(on(3, paused))).toEqual([]);
	});

	it('ends a service cancelled at period end at its due moment, and renews nothing', () => {
		const cancelled = { cancelAtPeriodEnd: true, renewal: null };
		expect(dueActions(on(-7, cancelled))).toEqual([]);
		expect(dueActions(on(0, { ...cancelled, duePassed: false }))).toEqual([]);
		expect(steps(dueActions(on(0, cancelled)))).toEqual(['end']);
		expect(steps(dueActions(on(5, cancelled)))).toEqual(['end']);
	});
});

describe('a renewal the shop issued late', () => {
	// Due 2027-03-01; the runs stopped and the invoice went out on 03-06, five days after it.
	const late = { paid: false, chargeAttempts: 0, issuedOn: '2027-03-06' };
	const fees = (actions: DueAction[]) =>
		actions.flatMap((action) => ('feeDays' in action ? [action.feeDays] : []));

	it('counts from the later of its due date and the day it was issued', () => {
		expect(dunningDate('2027-03-01', '2027-03-06')).toBe('2027-03-06');
		expect(dunningDate('2027-03-01', '2027-02-22')).toBe('2027-03-01');
		expect(dunningDate('2027-03-01', '2027-03-01')).toBe('2027-03-01');
		expect(() => dunningDate('2027-03-01', '2027-02-30')).toThrow(refused('invalid_date'));
	});

	it('charges once, without a fee, on the day it was issued, and gives the usual days after', () => {
		expect(steps(dueActions(on(5, { renewal: late })))).toEqual([
			'mark_overdue',
			'charge 1',
			'remind due',
		]);
		expect(fees(dueActions(on(5, { renewal: late })))).toEqual([0]);
		const next = { ...late, chargeAttempts: 1 };
		expect(steps(dueActions(on(6, { renewal: next })))).toEqual([
			'mark_overdue',
			'charge 2',
			'remind overdue',
		]);
		expect(fees(dueActions(on(6, { renewal: next })))).toEqual([1]);
		expect(fees(dueActions(on(7, { renewal: { ...late, chargeAttempts: 2 } })))).toEqual([2]);
		expect(steps(dueActions(on(8, { renewal: { ...late, chargeAttempts: 2 } })))).toEqual([
			'mark_overdue',
			'charge 3',
			'suspend',
		]);
		expect(fees(dueActions(on(8, { renewal: { ...late, chargeAttempts: 2 } })))).toEqual([3]);
		expect(steps(dueActions(on(18, { renewal: { ...late, chargeAttempts: 3 } })))).toEqual([
			'mark_overdue',
			'suspend',
		]);
		expect(steps(dueActions(on(19, { renewal: { ...late, chargeAttempts: 3 } })))).toEqual([
			'terminate',
		]);
	});

	it('leaves an invoice issued in time on its due date: the fee counts the days after it', () => {
		const inTime = { paid: false, chargeAttempts: 3, issuedOn: '2027-02-22' };
		expect([0, 1, 2, 3, 9].map((day) => fees(dueActions(on(day, { renewal: inTime }))))).toEqual([
			[0],
			[1],
			[2],
			[3],
			[3],
		]);
		// Without the day it was issued (a row from before it was kept), the due date counts.
		expect(fees(dueActions(on(2, { renewal: { paid: false, chargeAttempts: 3 } })))).toEqual([2]);
	});
});

describe('chargesDue and reminderOn', () => {
	it('count the charges due and name the latest reminder by day', () => {
		expect([-1, 0, 1, 2, 3, 9].map(chargesDue)).toEqual([0, 1, 2, 2, 3, 3]);
		expect([-7, -1, 0, 1, 2, 3, 20].map(reminderOn)).toEqual([
			null,
			null,
			'due',
			'overdue',
			'suspension_warning',
			null,
			null,
		]);
	});
});

describe('nextAutoCharge', () => {
	it('is the due date before any try, then the retry days, then never', () => {
		const due = '2026-03-10';
		expect(nextAutoCharge(due, '2026-03-01', 0)).toBe('2026-03-10');
		expect(nextAutoCharge(due, '2026-03-10', 1)).toBe('2026-03-11');
		expect(nextAutoCharge(due, '2026-03-11', 2)).toBe('2026-03-13');
		expect(nextAutoCharge(due, '2026-03-13', 3)).toBeNull();
	});

	it('is today when a run missed the retry day', () => {
		expect(nextAutoCharge('2026-03-10', '2026-03-12', 1)).toBe('2026-03-12');
		expect(nextAutoCharge('2026-03-10', '2026-03-11', 1)).toBe('2026-03-11');
	});
});
