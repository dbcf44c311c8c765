import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readGamePanelConfig } from './config';
import { GamePanelConflictError, GamePanelRefusedError } from './errors';
import { simulatedDownload, simulatedUpload } from './sim-serve';
import { createSimulatedPanel } from './simulated';
import type { GamePanel, ServerRef } from './types';

// The simulated server's files on a clock the test moves: written when the install completes,
// confined to the server's folder (`..` and links out refused), text only in the editor, links
// served once by the site's route.

const dir = mkdtempSync(join(tmpdir(), 'frostnode-sim-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const delayMs = 1000;
const order = (serviceId: string, game: 'minecraft' | 'valheim' = 'minecraft') =>
	({
		serviceId,
		customer: { email: 'kari@example.no', firstName: 'Kari', lastName: 'Nordmann' },
		game,
		location: 'oslo',
		name: 'Kari sin verden',
		ramGb: 4,
		storageGb: 20,
	}) as const;

function setup(name: string) {
	const clock = { now: Date.UTC(2026, 2, 1) };
	const env = {
		GAME_PANEL_SIM_FILE: join(dir, name, 'panel.json'),
		GAME_PANEL_SIM_DELAY_MS: String(delayMs),
		PUBLIC_SITE_URL: 'https://frostnode.example',
	};
	const config = readGamePanelConfig(env);
	if (config.kind !== 'simulated') throw new Error('expected the simulation');
	const panel = createSimulatedPanel(config, () => clock.now);
	const root = (ref: ServerRef) => join(dir, name, 'panel-files', 'servers', ref.identifier);
	return { clock, panel, env, root };
}

async function installed(panel: GamePanel, clock: { now: number }, serviceId: string) {
	const server = await panel.createServer(order(serviceId));
	clock.now += delayMs;
	return server;
}

const refusal = (promise: Promise<unknown>) =>
	promise.then(
		() => 'resolved',
		(error: unknown) => (error instanceof GamePanelRefusedError ? error.reason : String(error)),
	);

describe('the simulated server’s files', () => {
	it('are refused while installing, then hold the game’s files', async () => {
		const { clock, panel } = setup('install');
		const server = await panel.createServer(order('svc_install'));
		await expect(panel.listFiles(server, '/')).rejects.toBeInstanceOf(GamePanelConflictError);
		clock.now += delayMs;
		const names = (await panel.listFiles(server, '/')).map((entry) => [entry.name, entry.kind]);
		expect(names).toEqual([
			['logs', 'folder'],
			['world', 'folder'],
			['eula.txt', 'file'],
			['ops.json', 'file'],
			['server.properties', 'file'],
			['whitelist.json', 'file'],
		]);
		expect(await panel.readFile(server, '/server.properties')).toMatch(/^motd=Kari sin verden$/m);
		expect(await refusal(panel.readFile(server, '/world/level.dat'))).toBe('file_not_text');
		await panel.suspend(server);
		await expect(panel.readFile(server, '/eula.txt')).rejects.toBeInstanceOf(
			GamePanelConflictError,
		);
	});

	it('are edited, renamed, made and deleted within the folder only', async () => {
		const { clock, panel, root } = setup('edit');
		const server = await installed(panel, clock, 'svc_edit');
		await panel.writeFile(server, 'config/motd.txt', 'Velkommen');
		expect(await panel.readFile(server, '/config/motd.txt')).toBe('Velkommen');
		await panel.renameFile(server, '/config/motd.txt', '/config/welcome.txt');
		expect(await refusal(panel.readFile(server, '/config/motd.txt'))).toBe('file_not_found');
		expect(await refusal(panel.renameFile(server, '/eula.txt', '/ops.json'))).toBe('name_taken');
		expect(await refusal(panel.createFolder(server, '/world'))).toBe('name_taken');
		await panel.createFolder(server, '/plugins/essentials');
		expect(await refusal(panel.listFiles(server, '/eula.txt'))).toBe('not_a_folder');
		expect(await refusal(panel.listFiles(server, '/nowhere'))).toBe('file_not_found');
		for (const path of ['../panel.json', '/../../etc/passwd', '/world/../../x'])
			expect(await refusal(panel.readFile(server, path))).toBe('path_outside_root');
		expect(await refusal(panel.deleteFiles(server, ['/'])).then(String)).toBe('path_outside_root');
		await panel.deleteFiles(server, ['/config', '/plugins', '/not-there']);
		expect((await panel.listFiles(server, '/')).map((entry) => entry.name)).not.toContain('config');
		// A link out of the folder is not followed, for reading or writing.
		symlinkSync(dir, join(root(server), 'out'));
		symlinkSync(join(dir, 'missing'), join(root(server), 'dangling'));
		expect(await refusal(panel.readFile(server, '/out/edit/panel.json'))).toBe('path_outside_root');
		expect(await refusal(panel.writeFile(server, '/dangling', 'x'))).toBe('path_outside_root');
		expect((await panel.listFiles(server, '/')).find((e) => e.name === 'out')?.kind).toBe('link');
	});

	it('refuses text over 4 MiB and content that is not text', async () => {
		const { clock, panel, root } = setup('limits');
		const server = await installed(panel, clock, 'svc_limits');
		const big = 'a'.repeat(4 * 1024 * 1024 + 1);
		expect(await refusal(panel.writeFile(server, '/big.txt', big))).toBe('file_too_large');
		writeFileSync(join(root(server), 'big.log'), big);
		expect(await refusal(panel.readFile(server, '/big.log'))).toBe('file_too_large');
		writeFileSync(join(root(server), 'latin1.txt'), Buffer.from([0x62, 0xe6, 0x72]));
		expect(await refusal(panel.readFile(server, '/latin1.txt'))).toBe('file_not_text');
	});

	it('downloads and uploads through one-time links the site serves', async () => {
		const { clock, panel, env } = setup('links');
		const server = await installed(panel, clock, 'svc_links');
		const tokenOf = (link: { url: string }) => link.url.split('/').pop()!;
		const link = await panel.fileDownload(server, '/eula.txt');
		expect(link.url).toMatch(/^https:\/\/frostnode\.example\/api\/game-panel-sim\/[\w-]{32}$/);
		const get = () => simulatedDownload(tokenOf(link), env, clock.now);
		const first = await get();
		expect(first.status).toBe(200);
		expect(first.headers.get('content-disposition')).toContain('filename="eula.txt"');
		expect(await first.text()).toContain('eula=true');
		expect((await get()).status).toBe(404);
		// Not while a real panel is configured, nor after 15 minutes.
		const later = tokenOf(await panel.fileDownload(server, '/eula.txt'));
		const real = { ...env, PTERODACTYL_URL: 'https://panel.example' };
		expect((await simulatedDownload(later, real)).status).toBe(404);
		const expired = clock.now + 15 * 60_000 + 1;
		expect((await simulatedDownload(later, env, expired)).status).toBe(404);

		const upload = tokenOf(await panel.fileUpload(server, '/world'));
		const form = new FormData();
		form.append('files', new File(['datapack'], 'pack.zip'));
		form.append('files', new File(['x'], '../escape.txt'));
		const made = new Request('https://frostnode.example/', { method: 'POST', body: form });
		const type = made.headers.get('content-type') ?? '';
		const bytes = new Uint8Array(await made.arrayBuffer());
		const post = () => simulatedUpload(upload, type, { ok: true, bytes }, env, clock.now);
		// A GET does not spend an upload link; a body over the cap is refused before anything.
		expect((await simulatedDownload(upload, env, clock.now)).status).toBe(404);
		const tooLarge = { ok: false, problem: 'too_large' } as const;
		const other = tokenOf(await panel.fileUpload(server, '/world'));
		expect((await simulatedUpload(other, type, tooLarge, env, clock.now)).status).toBe(413);
		expect((await post()).status).toBe(204);
		expect((await post()).status).toBe(404);
		const world = (await panel.listFiles(server, '/world')).map((entry) => entry.name);
		expect(world).toEqual(expect.arrayContaining(['escape.txt', 'pack.zip']));
		const top = (await panel.listFiles(server, '/')).map((entry) => entry.name);
		expect(top).not.toContain('escape.txt');
		expect(await refusal(panel.fileUpload(server, '/eula.txt'))).toBe('not_a_folder');
	});
});
