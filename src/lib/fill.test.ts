import { describe, expect, it } from 'vitest';
import { fill, plural } from './fill';

describe('fill', () => {
	it('puts each named value in its placeholder, as often as it appears', () => {
		expect(fill('{count} of {total}, {count} again', { count: 2, total: 5 })).toBe(
			'2 of 5, 2 again',
		);
	});

	it('leaves a placeholder it has no value for visible, so a missing value shows up', () => {
		expect(fill('Hi {name}, {missing}', { name: 'Kari' })).toBe('Hi Kari, {missing}');
	});

	it('does not fill a value into a value, nor read braces that hold no name', () => {
		expect(fill('{a} {b}', { a: '{b}', b: 'x' })).toBe('{b} x');
		expect(fill('{ a } {}', { a: 'x' })).toBe('{ a } {}');
	});
});

describe('plural', () => {
	it('takes the singular for one only, with the count filled in', () => {
		expect(plural('{count} day', '{count} days', 1)).toBe('1 day');
		expect(plural('{count} day', '{count} days', 0)).toBe('0 days');
		expect(plural('{count} day', '{count} days', 2)).toBe('2 days');
	});
});
