import { describe, expect, it } from 'vitest';
import { powerBlock, powerTarget, vpsPowerActions } from './power';

describe('powerBlock', () => {
	it('offers start only when stopped, the rest only when running', () => {
		expect(vpsPowerActions.filter((a) => !powerBlock('stopped', a))).toEqual(['start']);
		expect(powerBlock('stopped', 'shutdown')).toBe('stopped');
		expect(vpsPowerActions.filter((a) => !powerBlock('running', a))).toEqual([
			'shutdown',
			'stop',
			'reboot',
			'reset',
		]);
		expect(powerBlock('running', 'start')).toBe('running');
	});

	it('offers nothing while suspended, being installed or ended, and says so', () => {
		for (const state of ['suspended', 'installing', 'ended'] as const)
			for (const action of vpsPowerActions) expect(powerBlock(state, action)).toBe(state);
	});

	it('lets a hard stop through while the machine is moving', () => {
		expect(powerBlock('starting', 'stop')).toBeNull();
		expect(powerBlock('stopping', 'reboot')).toBe('busy');
		expect(powerTarget('shutdown')).toBe('stopped');
		expect(powerTarget('reset')).toBe('running');
	});
});
