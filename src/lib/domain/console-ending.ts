import { z } from 'zod';

/**
 * Why the site closed a customer's console, each with its WebSocket close code (the 4000–4999
 * range is the application's) and its message `vps.console.ended.<ending>` in every language. The
 * relay sends the code with the ending as the close reason; the page reads the code. `idle` is
 * the relay's own timer; the others are the live access check's answers
 * (`console_access_live`, src/server/console/live-access.ts), where `unverified` means the check
 * itself failed several times in a row.
 */
export const consoleEndings = [
	'idle',
	'signed_out',
	'password_changed',
	'suspended',
	'ended',
	'not_yours',
	'unverified',
] as const;
export type ConsoleEnding = (typeof consoleEndings)[number];

export const consoleCloseCodes: Readonly<Record<ConsoleEnding, number>> = {
	idle: 4000,
	signed_out: 4001,
	password_changed: 4002,
	suspended: 4003,
	ended: 4004,
	not_yours: 4005,
	unverified: 4006,
};

/** The ending a close code stands for; null for any other close (the page's, an error's). */
export function consoleEndingOf(code: number): ConsoleEnding | null {
	return consoleEndings.find((ending) => consoleCloseCodes[ending] === code) ?? null;
}

// Pure: the island needs only the lists and the lookup, and leaves zod out of its bundle.
export const consoleEndingSchema = /* @__PURE__ */ z.enum(consoleEndings);
