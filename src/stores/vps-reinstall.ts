import { atom } from 'nanostores';
import { postJson } from './panel-fetch';
import { followUntilRunning } from './vps-power';

// The VPS page's reinstall and password reset: one request each, whose answer holds a password
// shown this once. It lives only in these atoms (never stored in the browser); a reload loses it.
// A reinstall's answer comes while the fresh machine still starts: its state is followed after.

export interface Reinstalled {
	image: string;
	user: string;
	password: string | null;
	sshKeys: number;
	state: string;
}

export interface NewPassword {
	user: string;
	password: string;
	applied: 'now' | 'next_boot';
}

export type Outcome<T> =
	| { state: 'idle' }
	| { state: 'busy' }
	| { state: 'done'; data: T }
	| { state: 'error'; message: string };

export const $reinstall = atom<Outcome<Reinstalled>>({ state: 'idle' });
export const $passwordReset = atom<Outcome<NewPassword>>({ state: 'idle' });

export async function reinstall(
	serviceId: string,
	request: { image: string; sshKeys: string[]; confirm: string; locale: string },
	fallback: string,
	fetcher?: typeof fetch,
): Promise<void> {
	if ($reinstall.get().state === 'busy') return;
	$reinstall.set({ state: 'busy' });
	const answer = await postJson<Reinstalled>(
		`/api/services/${serviceId}/reinstall`,
		request,
		fallback,
		fetcher,
	);
	$reinstall.set(
		answer.ok ? { state: 'done', data: answer.data } : { state: 'error', message: answer.message },
	);
	if (answer.ok) await followUntilRunning(serviceId, fallback, fetcher);
}

export async function resetPassword(
	serviceId: string,
	locale: string,
	fallback: string,
	fetcher?: typeof fetch,
): Promise<void> {
	if ($passwordReset.get().state === 'busy') return;
	$passwordReset.set({ state: 'busy' });
	const answer = await postJson<NewPassword>(
		`/api/services/${serviceId}/password`,
		{ locale },
		fallback,
		fetcher,
	);
	$passwordReset.set(
		answer.ok ? { state: 'done', data: answer.data } : { state: 'error', message: answer.message },
	);
}
