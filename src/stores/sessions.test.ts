import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionView } from '../lib/account/sessions';
import { $sessionBusy, $sessionNotice, $sessions, endSessions, loadSessions } from './sessions';

const here: SessionView = {
	id: '00000000-0000-4000-8000-000000000001',
	browser: 'Firefox',
	headless: false,
	os: 'Linux',
	address: '203.0.113.5',
	signedInAt: '2026-11-26T10:00:00Z',
	lastUsedAt: '2026-11-26T12:00:00Z',
	current: true,
};
const phone: SessionView = { ...here, id: '00000000-0000-4000-8000-000000000002', current: false };

const reply = (status: number, body: unknown) =>
	Promise.resolve(new Response(JSON.stringify(body), { status }));
const sentBody = (fetcher: ReturnType<typeof vi.fn>, call: number) => {
	const [, init] = fetcher.mock.calls[call] as [string, RequestInit | undefined];
	return init?.body ? (JSON.parse(init.body as string) as unknown) : undefined;
};

afterEach(() => {
	$sessions.set({ state: 'loading' });
	$sessionBusy.set(null);
	$sessionNotice.set(null);
	vi.unstubAllGlobals();
});

describe('sessions store', () => {
	it('ends one session, says so and reads the list again', async () => {
		const fetcher = vi
			.fn()
			.mockReturnValueOnce(reply(200, { sessions: [here, phone] }))
			.mockReturnValueOnce(reply(200, { signedOut: false }))
			.mockReturnValueOnce(reply(200, { sessions: [here] }));
		await loadSessions('Could not load', fetcher);
		await endSessions({ action: 'end', sessionId: phone.id }, 'de', 'Ended', '/de/login', fetcher);
		expect(sentBody(fetcher, 1)).toEqual({ action: 'end', sessionId: phone.id, locale: 'de' });
		expect($sessionNotice.get()).toEqual({ kind: 'success', text: 'Ended' });
		expect($sessions.get()).toEqual({ state: 'ready', data: { sessions: [here] } });
		expect($sessionBusy.get()).toBeNull();
	});

	it('shows the server’s refusal in the customer’s language', async () => {
		const fetcher = vi
			.fn()
			.mockReturnValueOnce(reply(404, { error: { code: 'not_found', message: 'Schon beendet.' } }))
			.mockReturnValueOnce(reply(200, { sessions: [here] }));
		await endSessions({ action: 'end', sessionId: phone.id }, 'de', 'Ended', '/de/login', fetcher);
		expect($sessionNotice.get()).toEqual({ kind: 'error', text: 'Schon beendet.' });
	});

	it('goes to sign-in after signing out everywhere', async () => {
		const assign = vi.fn();
		vi.stubGlobal('window', { location: { assign } });
		const fetcher = vi.fn().mockReturnValueOnce(reply(200, { signedOut: true }));
		await endSessions({ action: 'everywhere' }, 'en', '', '/login', fetcher);
		expect(assign).toHaveBeenCalledWith('/login');
		expect(fetcher).toHaveBeenCalledTimes(1);
	});
});
