/**
 * Exact money arithmetic on integers of minor units. Fractions appear only as a numerator and a
 * denominator, and every result is rounded once, half away from zero, never again.
 */

/** numerator / denominator rounded to the nearest integer, halves away from zero. */
export function divideRounded(numerator: number, denominator: number): number {
	if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
		throw new RangeError(`Cannot divide ${numerator} by ${denominator} exactly`);
	}
	const magnitude = Math.abs(numerator);
	const quotient = Math.floor(magnitude / denominator);
	const remainder = magnitude - quotient * denominator;
	const rounded = 2 * remainder >= denominator ? quotient + 1 : quotient;
	return numerator < 0 ? -rounded : rounded;
}

/** A percentage with at most two decimals (25, 12.5, 25.5) as hundredths of a percent. */
export function toBasisPoints(percent: number): number {
	const points = Math.round(percent * 100);
	if (points < 0 || points > 10_000 || Math.abs(points - percent * 100) > 1e-6) {
		throw new RangeError(`${percent} is not a percentage with at most two decimals`);
	}
	return points;
}

/** `percent` % of `amount` (minor units), rounded once. */
export function percentOf(amount: number, percent: number): number {
	return divideRounded(amount * toBasisPoints(percent), 10_000);
}

/** Minor units per major unit: every currency we bill in has two decimals. */
export const minorPerMajor = 100;
