import { describe, expect, it } from 'vitest';
import { pauseState } from './pause-state';

const running = { status: 'active', ends_at: '2027-02-26T19:00:00+00:00' };

describe('pauseState', () => {
	it('a suspended service with a running pause is paused until its end', () => {
		expect(pauseState('suspended', [running])).toEqual({
			status: 'paused',
			pausedUntil: '2027-02-26T19:00:00+00:00',
		});
	});

	it('a suspended service without a running pause stays suspended (an unpaid one)', () => {
		const ended = { status: 'ended', ends_at: '2026-01-01T00:00:00+00:00' };
		expect(pauseState('suspended', [ended, { status: 'pending', ends_at: null }])).toEqual({
			status: 'suspended',
			pausedUntil: null,
		});
	});

	it('an active service is active whatever its pauses (a pause not started yet)', () => {
		expect(pauseState('active', [{ status: 'pending', ends_at: null }])).toEqual({
			status: 'active',
			pausedUntil: null,
		});
	});

	it('no pauses read (a list that does not ask for them) changes nothing', () => {
		expect(pauseState('suspended', undefined)).toEqual({ status: 'suspended', pausedUntil: null });
	});

	it('refuses pause rows of the wrong shape rather than guessing', () => {
		expect(() => pauseState('suspended', [{ status: 'active', ends_at: 5 }])).toThrow();
	});
});
