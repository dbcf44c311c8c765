import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

// What the stand-in asks before it names anyone: real Google only says "this is ann@example.com"
// to whoever can sign in to that Google account, so the stand-in only says it to whoever can read
// ann@example.com's mail. Typing the address mails a six-digit code to it and opens a ticket; the
// code, entered on that ticket, signs in once. Wrong codes count per address across tickets: after 5
// in 15 minutes every code for it is refused until the oldest is 15 minutes old, the right one too.
// Kept in memory: a restart forgets open tickets, and the tester types the address again.

export interface PendingSignIn {
	email: string;
	name: string;
	/** GoTrue's OAuth state and the registered callback, carried back to /callback. */
	state: string;
	redirectUri: string;
}

interface Ticket extends PendingSignIn {
	codeHash: Buffer;
	expiresAt: number;
}

export type Redeemed =
	| { ok: true; signIn: PendingSignIn }
	| { ok: false; reason: 'unknown' }
	| { ok: false; reason: 'wrong'; signIn: PendingSignIn }
	| { ok: false; reason: 'locked'; retryAfterSeconds: number };

export const CODE_LIFETIME_MINUTES = 10;
const WRONG_CODES_PER_ADDRESS = 5;
const WRONG_CODE_WINDOW_MS = 15 * 60_000;
const SWEEP_ABOVE = 10_000;

const digest = (code: string) => createHash('sha256').update(code.trim()).digest();

export class StandInProofs {
	readonly #tickets = new Map<string, Ticket>();
	readonly #wrong = new Map<string, number[]>();

	/** Opens a ticket for `signIn`; the code goes to the address, the ticket to the page. */
	issue(signIn: PendingSignIn, now = Date.now()): { ticket: string; code: string } {
		if (this.#tickets.size > SWEEP_ABOVE || this.#wrong.size > SWEEP_ABOVE) this.#sweep(now);
		const ticket = randomUUID();
		const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
		const expiresAt = now + CODE_LIFETIME_MINUTES * 60_000;
		this.#tickets.set(ticket, { ...signIn, codeHash: digest(code), expiresAt });
		return { ticket, code };
	}

	redeem(ticket: string, code: string, now = Date.now()): Redeemed {
		const held = this.#tickets.get(ticket);
		if (!held || held.expiresAt <= now) {
			this.#tickets.delete(ticket);
			return { ok: false, reason: 'unknown' };
		}
		const { codeHash, expiresAt: _expiresAt, ...signIn } = held;
		const address = signIn.email.toLowerCase();
		const wrong = this.#recentWrong(address, now);
		if (wrong.length >= WRONG_CODES_PER_ADDRESS) {
			const freeAt = wrong[wrong.length - WRONG_CODES_PER_ADDRESS]! + WRONG_CODE_WINDOW_MS;
			return { ok: false, reason: 'locked', retryAfterSeconds: Math.ceil((freeAt - now) / 1000) };
		}
		if (!timingSafeEqual(digest(code), codeHash)) {
			this.#wrong.set(address, [...wrong, now]);
			return { ok: false, reason: 'wrong', signIn };
		}
		this.#tickets.delete(ticket);
		return { ok: true, signIn };
	}

	#recentWrong(address: string, now: number): number[] {
		return (this.#wrong.get(address) ?? []).filter((at) => at > now - WRONG_CODE_WINDOW_MS);
	}

	#sweep(now: number): void {
		for (const [ticket, held] of this.#tickets)
			if (held.expiresAt <= now) this.#tickets.delete(ticket);
		for (const [address] of this.#wrong)
			if (this.#recentWrong(address, now).length === 0) this.#wrong.delete(address);
	}
}
