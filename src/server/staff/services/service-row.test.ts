import { describe, expect, it } from 'vitest';
import { stalledAfterMinutes } from '../../provisioning/resume-provisioning';
import { isStuck } from './service-row';

const now = new Date('2026-11-28T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

describe('a set-up stuck for staff', () => {
	it('is one given up on, whenever it last moved', () => {
		const service = {
			status: 'provisioning',
			provisioning_error: 'panel down',
			updated_at: minutesAgo(1),
		} as const;
		expect(isStuck(service, now)).toBe(true);
	});

	it('is one quiet for longer than the billing run waits, and not one still within it', () => {
		const quiet = { status: 'provisioning', provisioning_error: null } as const;
		expect(isStuck({ ...quiet, updated_at: minutesAgo(stalledAfterMinutes + 1) }, now)).toBe(true);
		expect(isStuck({ ...quiet, updated_at: minutesAgo(stalledAfterMinutes - 1) }, now)).toBe(false);
	});

	it('is never a service past set-up', () => {
		for (const status of ['active', 'suspended', 'cancelled'] as const)
			expect(isStuck({ status, provisioning_error: 'old', updated_at: minutesAgo(999) }, now)).toBe(
				false,
			);
	});
});
