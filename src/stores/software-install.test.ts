import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InstallView, ServerDetail } from '../lib/panel/types';
import { $server } from './game-server';
import {
	$installNotice,
	changeSoftware,
	findUpdate,
	followInstall,
	installModpack,
	installsFor,
	minecraftOf,
	newerVersion,
	removeModpack,
	sitePath,
} from './software-install';

const install = (status: InstallView['status'], step: InstallView['step']): InstallView => ({
	id: 'i1',
	kind: 'modpack',
	status,
	step,
	target: 'Fabulously Optimized 6.1.0',
	startedAt: '2026-12-09T10:00:00Z',
	finishedAt: status === 'installing' ? null : '2026-12-09T10:02:00Z',
	error: null,
	restoredBackup: false,
});

// Only what these stores read of a server: the rest of the page's read is the server page's.
const server = (fields: Record<string, unknown> = {}) =>
	({
		id: 'svc',
		game: 'minecraft',
		ramGb: 4,
		live: null,
		extras: { modpackInstallation: true },
		software: { software: 'vanilla', minecraftVersion: '1.21.4' },
		modpack: null,
		install: null,
		modpackExtra: true,
		...fields,
	}) as unknown as ServerDetail;

const json = (body: unknown, status = 200) => Promise.resolve(Response.json(body, { status }));

beforeEach(() => {
	$server.set({ state: 'ready', data: server() });
	$installNotice.set(null);
});
afterEach(() => vi.useRealTimers());

describe('a software change', () => {
	it('sends the exact body, then shows the 202’s install at once', async () => {
		const seen: unknown[] = [];
		installsFor('svc', 'offline', ((url: string, init: RequestInit = {}) => {
			seen.push([init.method, url, JSON.parse(typeof init.body === 'string' ? init.body : '')]);
			return json({ install: { ...install('installing', 'backup'), kind: 'software' } }, 202);
		}) as typeof fetch);
		const choice = { software: 'paper', minecraftVersion: '1.21.4', freshWorld: false };
		expect(await changeSoftware(choice, 'de')).toBe(true);
		expect(seen).toEqual([['PUT', '/api/services/svc/software', { ...choice, locale: 'de' }]]);
		const loaded = $server.get();
		expect(loaded.state === 'ready' && minecraftOf(loaded.data)?.install?.step).toBe('backup');
		// One change at a time: nothing is sent while it installs.
		expect(await changeSoftware(choice, 'de')).toBe(false);
		expect(seen).toHaveLength(1);
	});

	it('keeps a 402’s message and its upgrade link, and a 422’s', async () => {
		const refusals = [
			{
				status: 402,
				body: {
					error: {
						code: 'modpack_extra_required',
						message: 'Add modpack installation first.',
						upgradeUrl: '/panel/game-servers/upgrade/svc?extra=modpackInstallation',
					},
				},
			},
			// The flat form the plan also allows: the error's code beside its fields.
			{
				status: 422,
				body: {
					error: 'modpack_needs_ram',
					message: 'This pack recommends 8 GB.',
					recommendedRamGb: 8,
					ramGb: 4,
					upgradeUrl: '/panel/game-servers/upgrade/svc?ram=8',
				},
			},
		];
		installsFor('svc', 'offline', () => {
			const { body, status } = refusals.shift() ?? { body: {}, status: 500 };
			return json(body, status);
		});
		const choice = { projectId: 'AANobbMI', versionId: 'tFw0iWAk', freshWorld: true };
		expect(await installModpack(choice, 'en')).toBe(false);
		expect($installNotice.get()).toEqual({
			kind: 'error',
			text: 'Add modpack installation first.',
			code: 'modpack_extra_required',
			upgradeUrl: '/panel/game-servers/upgrade/svc?extra=modpackInstallation',
		});
		expect(await installModpack(choice, 'en')).toBe(false);
		expect($installNotice.get()).toEqual({
			kind: 'error',
			code: 'modpack_needs_ram',
			text: 'This pack recommends 8 GB.',
			upgradeUrl: '/panel/game-servers/upgrade/svc?ram=8',
		});
	});

	it('removes a pack with DELETE and no body', async () => {
		const seen: unknown[] = [];
		installsFor('svc', 'offline', ((url: string, init: RequestInit = {}) => {
			seen.push([init.method, url, init.body]);
			return json({ install: { ...install('installing', 'backup'), kind: 'modpack_removal' } });
		}) as typeof fetch);
		expect(await removeModpack()).toBe(true);
		expect(seen).toEqual([['DELETE', '/api/services/svc/modpack', undefined]]);
	});
});

describe('following an install', () => {
	it('reads the server while it installs, keeps the page on a failed read, then stops asking', async () => {
		vi.useFakeTimers();
		$server.set({ state: 'ready', data: server({ install: install('installing', 'backup') }) });
		const answers = [
			json(server({ install: install('installing', 'stopping') })),
			json({ error: { code: 'panel_unavailable', message: 'Down' } }, 503),
			json(server({ install: install('installed', null), modpack: { name: 'FO' } })),
		];
		let reads = 0;
		installsFor('svc', 'offline', (() => answers[Math.min(reads++, 2)]) as unknown as typeof fetch);
		const stop = followInstall(1000);
		const step = () => {
			const loaded = $server.get();
			return loaded.state === 'ready' ? minecraftOf(loaded.data)?.install?.step : 'lost';
		};
		await vi.advanceTimersByTimeAsync(1000);
		expect(step()).toBe('stopping');
		await vi.advanceTimersByTimeAsync(1000);
		expect(step()).toBe('stopping');
		await vi.advanceTimersByTimeAsync(1000);
		expect(step()).toBe(null);
		const afterDone = reads;
		await vi.advanceTimersByTimeAsync(10_000);
		expect(reads).toBe(afterDone);
		stop();
	});
});

describe('the newest version of an installed pack', () => {
	const modpack = {
		projectId: 'AANobbMI',
		versionId: 'old00001',
		name: 'Fabulously Optimized',
		version: '6.0.0',
		loader: 'fabric' as const,
		gameVersion: '1.21.3',
	};
	const version = (id: string, serverPack?: boolean) => ({
		id,
		name: id,
		gameVersion: '1.21.4',
		loader: 'fabric',
		recommendedRamGb: null,
		...(serverPack === undefined ? {} : { serverPack }),
	});

	it('is the first installable version on the same loader, unless it is the one installed', async () => {
		const urls: string[] = [];
		let versions = [version('nopack01', false), version('new00001'), version('old00001')];
		installsFor('svc', 'offline', ((url: string) => {
			urls.push(url);
			return json({ versions });
		}) as typeof fetch);
		expect(await newerVersion(modpack)).toEqual({ state: 'newer', version: versions[1] });
		expect(urls).toEqual(['/api/modpacks/AANobbMI/versions?loader=fabric']);
		versions = [version('old00001')];
		expect(await newerVersion(modpack)).toEqual({ state: 'current' });
	});
});

describe('the links a refusal carries', () => {
	it('stay on this site, with the page’s language', () => {
		expect(sitePath('/panel/game-servers/upgrade/s?extra=x', '/de')).toBe(
			'/de/panel/game-servers/upgrade/s?extra=x',
		);
		expect(sitePath('/de/panel/x', '/de')).toBe('/de/panel/x');
		expect(sitePath('/panel/x', '')).toBe('/panel/x');
		for (const foreign of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 7, null])
			expect(sitePath(foreign, '')).toBeNull();
	});

	it('a server of another game has no Minecraft fields', () => {
		expect(minecraftOf(server({ game: 'valheim' }))).toBeNull();
		expect(minecraftOf(server())?.modpackExtra).toBe(true);
	});
});

describe('update to the newest version', () => {
	const modpack = {
		projectId: 'AANobbMI',
		versionId: 'old00001',
		name: 'Fabulously Optimized',
		version: '6.0.0',
		loader: 'fabric' as const,
		gameVersion: '1.21.3',
	};

	it('says so when the installed version is the newest, and why when the source is down', async () => {
		const answers = [
			json({
				versions: [
					{
						id: 'old00001',
						name: '6.0.0',
						gameVersion: '1.21.3',
						loader: 'fabric',
						recommendedRamGb: null,
					},
				],
			}),
			json({ error: { code: 'modpack_source_unavailable', message: 'Try again soon' } }, 503),
		];
		let call = 0;
		installsFor('svc', 'offline', (() => answers[call++]) as unknown as typeof fetch);
		expect(await findUpdate(modpack, 'Already the newest')).toBeNull();
		expect($installNotice.get()).toEqual({ kind: 'success', text: 'Already the newest' });
		expect(await findUpdate(modpack, 'Already the newest')).toBeNull();
		expect($installNotice.get()).toEqual({ kind: 'error', text: 'Try again soon' });
	});
});
