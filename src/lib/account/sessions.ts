/** One of the customer's sign-in sessions as the Security tab shows it (GET /api/panel/sessions). */
export interface SessionView {
	id: string;
	/** Browser family and system from the User-Agent; null where it is not a known one. */
	browser: string | null;
	/** A browser without a window (a script or a test run): said beside its name. */
	headless: boolean;
	os: string | null;
	/** The client address the auth service recorded; '' when none. */
	address: string;
	signedInAt: string;
	lastUsedAt: string;
	/** The session this page is signed in with. */
	current: boolean;
}

/** What the island may ask: end one session, all but this one, or every one. */
export type SessionAction =
	{ action: 'end'; sessionId: string } | { action: 'others' } | { action: 'everywhere' };
