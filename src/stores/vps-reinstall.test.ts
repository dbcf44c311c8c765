import { beforeEach, describe, expect, it } from 'vitest';
import { $vpsLive } from './vps-power';
import { $passwordReset, $reinstall, reinstall, resetPassword } from './vps-reinstall';

const answering = (status: number, body: unknown) => {
	const seen: { url: string; body: unknown }[] = [];
	const fetcher = ((url: string, init: RequestInit) => {
		if (typeof init.body === 'string') seen.push({ url, body: JSON.parse(init.body) });
		return Promise.resolve(new Response(JSON.stringify(body), { status }));
	}) as typeof fetch;
	return { fetcher, seen };
};

beforeEach(() => {
	$reinstall.set({ state: 'idle' });
	$passwordReset.set({ state: 'idle' });
});

describe('the VPS page’s reinstall and password reset', () => {
	it('sends the image, keys and typed hostname, and keeps the one-time password', async () => {
		const done = { image: 'debian-12', user: 'root', password: 'Pw', sshKeys: 0, state: 'running' };
		const { fetcher, seen } = answering(200, done);
		const request = { image: 'debian-12', sshKeys: [], confirm: 'web-1', locale: 'de' };
		await reinstall('svc', request, 'offline', fetcher);
		expect(seen).toEqual([{ url: '/api/services/svc/reinstall', body: request }]);
		expect($reinstall.get()).toEqual({ state: 'done', data: done });
	});

	it('shows the server’s message for a refusal, and the fallback without an answer', async () => {
		const refused = answering(422, { error: { code: 'hostname_mismatch', message: 'Nope' } });
		await reinstall(
			'svc',
			{ image: 'x', sshKeys: [], confirm: 'y', locale: 'en' },
			'offline',
			refused.fetcher,
		);
		expect($reinstall.get()).toEqual({ state: 'error', message: 'Nope' });
		const offline = (() => Promise.reject(new Error('down'))) as unknown as typeof fetch;
		await resetPassword('svc', 'en', 'offline', offline);
		expect($passwordReset.get()).toEqual({ state: 'error', message: 'offline' });
	});

	it('keeps the new password and says when it applies', async () => {
		const { fetcher, seen } = answering(200, { user: 'root', password: 'P', applied: 'next_boot' });
		await resetPassword('svc', 'no', 'offline', fetcher);
		expect(seen[0]).toEqual({ url: '/api/services/svc/password', body: { locale: 'no' } });
		expect($passwordReset.get()).toMatchObject({ state: 'done', data: { applied: 'next_boot' } });
	});
});

describe('after a reinstall', () => {
	it('reads the machine’s state again until it runs, so the Power section follows it', async () => {
		$vpsLive.set({ state: 'stopped', uptimeSeconds: null });
		const states = [
			{ state: 'installing', uptimeSeconds: null },
			{ state: 'running', uptimeSeconds: 3 },
		];
		const seen: string[] = [];
		const fetcher = ((url: string, init?: RequestInit) => {
			seen.push(`${init?.method ?? 'GET'} ${url}`);
			const body =
				init?.method === 'POST'
					? { image: 'ubuntu-24.04', user: 'root', password: 'P', sshKeys: 0, state: 'cloning' }
					: states.shift();
			return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
		}) as typeof fetch;
		const request = { image: 'ubuntu-24.04', sshKeys: [], confirm: 'web-1', locale: 'en' };
		await reinstall('svc', request, 'offline', fetcher);
		expect($reinstall.get()).toMatchObject({ state: 'done' });
		expect($vpsLive.get()).toEqual({ state: 'running', uptimeSeconds: 3 });
		expect(seen).toEqual([
			'POST /api/services/svc/reinstall',
			'GET /api/panel/vps/svc/state',
			'GET /api/panel/vps/svc/state',
		]);
	});
});
