import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
	divideRounded,
	formatMajorAmount,
	parseMajorAmount,
	percentOf,
	toBasisPoints,
} from './money';

describe('divideRounded', () => {
	it.each([
		[5, 2, 3],
		[-5, 2, -3],
		[4, 2, 2],
		[7, 3, 2],
		[8, 3, 3],
		[0, 7, 0],
		[216_000_000, 10_000, 21_600],
	])('%i / %i = %i (halves away from zero)', (n, d, expected) => {
		expect(divideRounded(n, d)).toBe(expected);
	});

	it('refuses inputs it cannot divide exactly', () => {
		expect(() => divideRounded(1.5, 2)).toThrow(RangeError);
		expect(() => divideRounded(1, 0)).toThrow(RangeError);
	});

	it('is never more than half a unit away from the true quotient', () => {
		fc.assert(
			fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 1, max: 1e6 }), (n, d) => {
				expect(Math.abs(divideRounded(n, d) - n / d)).toBeLessThanOrEqual(0.5 + 1e-9);
			}),
		);
	});
});

describe('percentages', () => {
	it('takes at most two decimals', () => {
		expect(toBasisPoints(25)).toBe(2500);
		expect(toBasisPoints(25.5)).toBe(2550);
		expect(() => toBasisPoints(12.345)).toThrow(RangeError);
		expect(() => toBasisPoints(101)).toThrow(RangeError);
	});

	it('rounds the share once, half away from zero', () => {
		expect(percentOf(1000, 25)).toBe(250);
		expect(percentOf(999, 25)).toBe(250); // 249.75
		expect(percentOf(2, 25)).toBe(1); // 0.5
		expect(percentOf(600, 19)).toBe(114);
	});
});

describe('amounts typed in the major unit', () => {
	it('become minor units exactly, with a point or a comma', () => {
		expect(parseMajorAmount('12.50')).toBe(1250);
		expect(parseMajorAmount('12,5')).toBe(1250);
		expect(parseMajorAmount(' 7 ')).toBe(700);
		expect(parseMajorAmount('0.01')).toBe(1);
	});

	it('refuses signs, a third decimal, letters and nothing', () => {
		for (const text of ['12.505', '-1', '+1', 'abc', '', '.5', '1.', '1e3', '1 000'])
			expect(parseMajorAmount(text), text).toBeNull();
	});

	it('reads back what the form shows', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 999_999_999 }), (minor) => {
				expect(parseMajorAmount(formatMajorAmount(minor))).toBe(minor);
			}),
		);
		expect(formatMajorAmount(1005)).toBe('10.05');
	});
});
