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
	dueActions,
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

/** Due 2027-03-01; `day` is today relative to it. */
const on = (day: number, overrides: Partial<ServiceDay> = {}): ServiceDay => ({
	today: addDays('2027-03-01', day),
	dueDate: '2027-03-01',
	status: 'active',
	cancelAtPeriodEnd: false,
	renewal: { paid: false, chargeAttempts: 0 },
	...overrides,
});

describe('dueActions', () => {
	it('issues the renewal invoice from 7 days before the due date, once', () => {
		expect(dueActions(on(-8, { renewal: null }))).toEqual([]);
		expect(dueActions(on(-7, { renewal: null }))).toEqual(['issue_renewal']);
		expect(dueActions(on(2, { renewal: null }))).toEqual(['issue_renewal']);
		expect(dueActions(on(-7))).toEqual(['remind']);
		expect(dueActions(on(-6))).toEqual([]);
	});

	it('walks an unpaid renewal through charges, reminders, the late fee, suspension and termination', () => {
		const attempts = { 0: 0, 1: 1, 2: 2, 3: 2, 4: 3, 13: 3, 14: 3 } as Record<number, number>;
		const timeline = Object.entries(attempts).map(([day, chargeAttempts]) => [
			Number(day),
			dueActions(on(Number(day), { renewal: { paid: false, chargeAttempts } })),
		]);
		expect(timeline).toEqual([
			[0, ['charge', 'remind']],
			[1, ['charge', 'remind', 'mark_overdue']],
			[2, ['remind', 'mark_overdue']],
			[3, ['charge', 'mark_overdue', 'suspend']],
			[4, ['mark_overdue', 'suspend']],
			[13, ['mark_overdue', 'suspend']],
			[14, ['mark_overdue', 'suspend', 'terminate']],
		]);
	});

	it('does not suspend twice, and catches up a charge a missed run skipped', () => {
		expect(
			dueActions(on(5, { status: 'suspended', renewal: { paid: false, chargeAttempts: 2 } })),
		).toEqual(['charge', 'mark_overdue']);
		expect(dueActions(on(1, { renewal: { paid: false, chargeAttempts: 0 } }))).toContain('charge');
		expect(dueActions(on(-1))).toEqual([]);
	});

	it('does nothing more once the renewal is paid', () => {
		for (const day of [-7, 0, 1, 3, 14]) {
			expect(dueActions(on(day, { renewal: { paid: true, chargeAttempts: 1 } }))).toEqual([]);
		}
	});

	it('ends a service cancelled at period end on its due date, and renews nothing', () => {
		const cancelled = { cancelAtPeriodEnd: true, renewal: null };
		expect(dueActions(on(-7, cancelled))).toEqual([]);
		expect(dueActions(on(-1, cancelled))).toEqual([]);
		expect(dueActions(on(0, cancelled))).toEqual(['end']);
		expect(dueActions(on(5, cancelled))).toEqual(['end']);
	});
});
