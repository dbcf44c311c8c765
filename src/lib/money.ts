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

/** How many decimals a major amount may have: the digits of `minorPerMajor`. */
const majorDecimals = String(minorPerMajor).length - 1;
const majorPattern = new RegExp(`^(\\d{1,9})(?:[.,](\\d{1,${majorDecimals}}))?$`);

/**
 * An amount typed in the currency's major unit ("12.50", "12,5", "12") as minor units (1250),
 * exactly, without floats; null for anything else: a sign, more decimals than the currency has,
 * letters, nothing. Zero is a number here: whether it is allowed is the caller's rule.
 */
export function parseMajorAmount(text: string): number | null {
	const match = majorPattern.exec(text.trim());
	if (!match) return null;
	const [, whole = '', fraction = ''] = match;
	return Number(whole) * minorPerMajor + Number(fraction.padEnd(majorDecimals, '0') || '0');
}

/** Minor units as a form field shows them for editing, the inverse of parseMajorAmount: 1250 → "12.50". */
export function formatMajorAmount(minor: number): string {
	const whole = Math.floor(minor / minorPerMajor);
	return `${whole}.${String(minor - whole * minorPerMajor).padStart(majorDecimals, '0')}`;
}
