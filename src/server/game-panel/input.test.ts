import { describe, expect, it } from 'vitest';
import { GamePanelValidationError } from './errors';
import { parseBuildChange, parseCreateInput, parseDailyTime } from './input';
import { panelUsername } from './pterodactyl-users';
import type { CreateServerInput } from './types';

const order: CreateServerInput = {
	serviceId: 'svc_1',
	customer: { email: 'kari@example.no', firstName: 'Kari', lastName: 'Nordmann' },
	game: 'minecraft',
	location: 'oslo',
	name: 'Kari sin verden',
	ramGb: 4,
	storageGb: 20,
};

describe('parseCreateInput', () => {
	it('accepts an order, fractional sizes in whole MiB included', () => {
		expect(parseCreateInput({ ...order, ramGb: 0.5 })).toEqual({ ...order, ramGb: 0.5 });
	});

	it('names every refused field in our terms', () => {
		try {
			parseCreateInput({
				...order,
				game: 'doom' as never,
				ramGb: 0,
				customer: { ...order.customer, email: 'kari' },
			});
			expect.unreachable();
		} catch (error) {
			expect(error).toBeInstanceOf(GamePanelValidationError);
			expect(Object.keys((error as GamePanelValidationError).fields).sort()).toEqual([
				'customer.email',
				'game',
				'ramGb',
			]);
		}
	});

	it('refuses sizes the panel cannot store', () => {
		expect(() => parseBuildChange({ ramGb: 1.0001, storageGb: 10 })).toThrow(/whole number of MiB/);
		expect(() => parseBuildChange({ ramGb: 2, storageGb: 10, cpuPercent: -1 })).toThrow(
			GamePanelValidationError,
		);
	});
});

describe('parseDailyTime', () => {
	it('takes the 24-hour clock in whole minutes, from 00:00 to 23:59', () => {
		expect(parseDailyTime({ hour: 0, minute: 0 })).toEqual({ hour: 0, minute: 0 });
		expect(parseDailyTime({ hour: 23, minute: 59 })).toEqual({ hour: 23, minute: 59 });
		for (const time of [
			{ hour: 24, minute: 0 },
			{ hour: -1, minute: 0 },
			{ hour: 4, minute: 60 },
			{ hour: 4, minute: 1.5 },
		])
			expect(() => parseDailyTime(time)).toThrow(GamePanelValidationError);
	});
});

describe('panelUsername', () => {
	it('follows the panel rule: lower case, alphanumeric at both ends', () => {
		expect(panelUsername('Kari.Nordmann+games@example.no', 'a1b2c3')).toBe(
			'kari.nordmanngames_a1b2c3',
		);
		expect(panelUsername('._ø@example.no', 'a1b2c3')).toBe('customer_a1b2c3');
		expect(panelUsername(`${'x'.repeat(23)}.y@example.no`, 'ff')).toBe(`${'x'.repeat(23)}_ff`);
	});
});
