import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCycle, addDays, daysBetween } from './dates';
import { pauseDaysReturned } from './pause-resume';

const DAY = 86_400_000;

/** Random instants over four centuries, to the millisecond, and due dates on any anchor. */
const instants = fc.date({
	min: new Date('1900-01-01T00:00:00Z'),
	max: new Date('2300-12-31T00:00:00Z'),
	noInvalidDate: true,
});
const dueDates = instants.map((date) => date.toISOString().slice(0, 10));
const months = fc.integer({ min: 1, max: 3 });
const anchors = fc.integer({ min: 1, max: 31 });
/** How long a pause ran before it was resumed: from at once to past its end (~3 months). */
const ran = fc.integer({ min: 0, max: 100 * DAY });

/** One pause as the site applies it: the due date moves by the months, then back on resume. */
function loop(due: string, anchor: number, length: number, startsAt: Date, ranMs: number) {
	const days = daysBetween(due, addCycle(due, length, anchor));
	const returned = pauseDaysReturned({ startsAt, days }, new Date(startsAt.getTime() + ranMs));
	return { days, returned, due: addDays(addCycle(due, length, anchor), -returned) };
}

describe('pause and resume properties', () => {
	it('resumed within its first day, a pause leaves the due date where it was', () => {
		fc.assert(
			fc.property(dueDates, anchors, months, instants, fc.nat(DAY - 1), (due, a, m, at, ms) => {
				expect(loop(due, a, m, at, ms).due).toBe(due);
			}),
		);
	});

	it('moves the due date by the whole days it ran, never more than it ran, never past its end', () => {
		fc.assert(
			fc.property(dueDates, anchors, months, instants, ran, (due, a, m, at, ms) => {
				const { days, returned, due: after } = loop(due, a, m, at, ms);
				expect(returned).toBeGreaterThanOrEqual(0);
				expect(returned).toBeLessThanOrEqual(days);
				const moved = daysBetween(due, after);
				expect(moved * DAY).toBeLessThanOrEqual(ms);
				// Less than a day of the pause goes unpaid-for, unless it ran to its end.
				expect(moved).toBe(Math.min(days, Math.floor(ms / DAY)));
			}),
		);
	});

	it('any number of loops moves the due date by no more than the time paused in all', () => {
		fc.assert(
			fc.property(
				dueDates,
				anchors,
				instants,
				fc.array(fc.tuple(months, ran), { minLength: 1, maxLength: 6 }),
				(start, anchor, at, loops) => {
					let due = start;
					for (const [length, ms] of loops) due = loop(due, anchor, length, at, ms).due;
					const paused = loops.reduce((sum, [, ms]) => sum + ms, 0);
					expect(daysBetween(start, due) * DAY).toBeLessThanOrEqual(paused);
				},
			),
		);
	});

	it('gives back no more the later it is resumed', () => {
		fc.assert(
			fc.property(instants, fc.integer({ min: 1, max: 92 }), ran, ran, (startsAt, days, x, y) => {
				const at = (ms: number) => new Date(startsAt.getTime() + ms);
				const [early, late] = x <= y ? [x, y] : [y, x];
				expect(pauseDaysReturned({ startsAt, days }, at(late))).toBeLessThanOrEqual(
					pauseDaysReturned({ startsAt, days }, at(early)),
				);
			}),
		);
	});
});
