import { RateLimiter, type WindowLimit } from './limiter';
import { limitStore } from './store';

/** A limit whose counts every site server shares; the name is its bucket in the store. */
const limit = (bucket: string, window: WindowLimit) => new RateLimiter(bucket, window, limitStore);

/**
 * Every limit the site enforces, in one place (docs/security.md explains each). Addresses are the
 * client's real address (src/server/http/client-address.ts); accounts are lower-cased e-mails,
 * counted whether or not an account exists, so a limit never tells which addresses are customers.
 */
export const limits = {
	/** Every password sign-in, successful or not: a flood from one address cannot starve others. */
	signInPerAddress: limit('signInPerAddress', { max: 30, windowSeconds: 300 }),
	/** Wrong passwords for one account, from anywhere: then sign-in pauses, the reset link still works. */
	signInFailuresPerAccount: limit('signInFailuresPerAccount', { max: 10, windowSeconds: 300 }),
	/** Alerts to the owner of a paused account: one per pause, however many guesses saw it. */
	guessingAlertsPerAccount: limit('guessingAlertsPerAccount', { max: 1, windowSeconds: 300 }),
	/** Two-factor codes tried from one address (right or wrong), at sign-in and in the Security tab… */
	mfaCodesPerAddress: limit('mfaCodesPerAddress', { max: 30, windowSeconds: 300 }),
	/** …and wrong ones per account from anywhere: six digits must not be guessable in a window. */
	mfaFailuresPerAccount: limit('mfaFailuresPerAccount', { max: 5, windowSeconds: 300 }),
	/**
	 * Authenticator codes used, per factor and code: a code is accepted for up to 90 s (its step and
	 * one either side), and within that it works once, here as at the auth service.
	 */
	mfaCodesUsed: limit('mfaCodesUsed', { max: 1, windowSeconds: 90 }),
	/** Wrong current passwords on the password tab, per signed-in account. */
	passwordProofPerAccount: limit('passwordProofPerAccount', { max: 10, windowSeconds: 300 }),
	signUpPerAddress: limit('signUpPerAddress', { max: 10, windowSeconds: 3600 }),
	/**
	 * Reset links: one per address asked for in a little over the auth service's own mail interval
	 * (60 s per user), so the service never refuses one silently at the edge of its interval.
	 */
	recoveryPerAccount: limit('recoveryPerAccount', { max: 1, windowSeconds: 65 }),
	recoveryPerAddress: limit('recoveryPerAddress', { max: 10, windowSeconds: 900 }),
	/** Discount code look-ups: every cart visit re-checks its code, so these are generous… */
	discountChecksPerAddress: limit('discountChecksPerAddress', { max: 60, windowSeconds: 300 }),
	/**
	 * …but codes that are not redeemable, at the check and at checkout alike
	 * (src/server/discounts/lookup.ts): enough for typos, far too few to guess a code…
	 */
	discountMissesPerAddress: limit('discountMissesPerAddress', { max: 10, windowSeconds: 900 }),
	/** …and per signed-in customer, so changing address does not buy a guesser more tries. */
	discountMissesPerAccount: limit('discountMissesPerAccount', { max: 10, windowSeconds: 900 }),
	/** Orders and payment retries per customer: a double click is one order anyway (idempotency). */
	checkoutsPerAccount: limit('checkoutsPerAccount', { max: 20, windowSeconds: 300 }),
	/** Saved cards added, made default or removed, per customer: adding and removing reach Stripe. */
	savedCardChangesPerAccount: limit('savedCardChangesPerAccount', { max: 20, windowSeconds: 300 }),
	/** Sessions signed out from the Security tab, per customer: each is a write to Auth. */
	sessionEndsPerAccount: limit('sessionEndsPerAccount', { max: 30, windowSeconds: 300 }),
	/** Cancelling and keeping servers, per customer: each writes the service and its history. */
	serviceChangesPerAccount: limit('serviceChangesPerAccount', { max: 20, windowSeconds: 300 }),
	/** Support tickets opened per customer: each lands in staff's queue. */
	ticketsPerAccount: limit('ticketsPerAccount', { max: 10, windowSeconds: 3600 }),
	/** Power, password resets, settings and game consoles opened per customer: each reaches the game panel. */
	serverActionsPerAccount: limit('serverActionsPerAccount', { max: 60, windowSeconds: 300 }),
	/** A game server's backups and files read per customer (lists, file texts, download links)… */
	gameToolReadsPerAccount: limit('gameToolReadsPerAccount', { max: 300, windowSeconds: 300 }),
	/** …and changed (backups made, restored, deleted; files saved, renamed, deleted, uploaded). */
	gameToolWritesPerAccount: limit('gameToolWritesPerAccount', { max: 60, windowSeconds: 300 }),
	/** Modpack searches and version lists per customer: each may reach Modrinth (300 a minute per address, the shop's whole budget). */
	modpackReadsPerAccount: limit('modpackReadsPerAccount', { max: 60, windowSeconds: 300 }),
	/** Every VPS action per customer (power, console, reinstall, passwords, reverse DNS): each reaches the hypervisor. */
	vpsActionsPerAccount: limit('vpsActionsPerAccount', { max: 60, windowSeconds: 300 }),
	/** Subdomain availability checks per client: the configurator asks as the customer types. */
	subdomainChecksPerAddress: limit('subdomainChecksPerAddress', { max: 120, windowSeconds: 300 }),
	/** Location availability reads per client (`GET /api/locations`): each asks the game panel and the hypervisor for room. */
	locationChecksPerAddress: limit('locationChecksPerAddress', { max: 120, windowSeconds: 300 }),
	/** Visits through referral links counted per client: enough for a household, not for a script. */
	referralVisitsPerAddress: limit('referralVisitsPerAddress', { max: 20, windowSeconds: 3600 }),
	/** Live password-strength feedback while typing (debounced by the page). */
	passwordChecksPerAddress: limit('passwordChecksPerAddress', { max: 120, windowSeconds: 300 }),
	/** Saved SSH keys added or deleted per customer (the profile's list). */
	sshKeyChangesPerAccount: limit('sshKeyChangesPerAccount', { max: 30, windowSeconds: 300 }),
	/** Every staff console request (pages and API), per member of staff. */
	staffRequestsPerAccount: limit('staffRequestsPerAccount', { max: 600, windowSeconds: 300 }),
	/** Staff writes (replies, refunds, suspensions, codes), per member of staff. */
	staffWritesPerAccount: limit('staffWritesPerAccount', { max: 120, windowSeconds: 300 }),
} as const;

export function accountKey(email: string): string {
	return email.trim().toLowerCase();
}
