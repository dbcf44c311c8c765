import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../../../src/i18n/ui/de.json';
import { startBillingStack, type BillingStack } from '../billing/fixture.ts';
import { demo, ids, other, sessionOf } from '../data-model/personas.ts';
import type { Routes } from '../game-tools/api.ts';
import { call } from './api.ts';
import type { SoftwareCatalogueAnswer } from '../../../src/lib/panel/types.ts';
import { minecraftService } from './fixture.ts';
import type * as Lifecycle from '../../../src/server/http/lifecycle.ts';
import type { ChangeRequest } from '../../../src/server/minecraft-software/begin.ts';
import type * as Panel from '../../../src/server/game-panel/index.ts';
import type * as Modpacks from '../../../src/server/modpacks/index.ts';

// Modpacks and server software through the site's routes, against the local stack, the simulated
// game panel and the embedded modpack catalogue (real packs' ids): a pack installed on a server
// with the extra follows to installed, its mods in the server's files and its name on the server
// page; every refusal answers with its reason in the caller's language and changes nothing.

let b: BillingStack;
let owner: string;
let stranger: string;
let lifecycle: typeof Lifecycle;
let panel: ReturnType<typeof Panel.getGamePanel>;
let modpacks: typeof Modpacks;
let r: Record<'modpack' | 'software' | 'server' | 'catalogue', Routes>;

// Adrenaserver 1.7.0 (Fabric, 1.21.1, no RAM recommendation); All the Mods 10 2.39 (NeoForge,
// recommends 12 GB); Fabulously Optimized 6.2.3 (client-side only); Sodium (a mod, not a pack).
const adrenaserver = { projectId: 'XMjZH8T0', versionId: '3bI1dcBf' };
const atm10 = { projectId: 'd6DIEXjz', versionId: 'BHHbTd3y' };
const clientOnly = { projectId: '1KVo5zza', versionId: 'NyiXTqoa' };
const aMod = { projectId: 'AANobbMI', versionId: 'IL0dEQlD' };

beforeAll(async () => {
	process.env.PROVISIONING_POLL_MS = '5';
	process.env.MODPACK_SOURCE = 'embedded';
	b = await startBillingStack({ panel: 'simulated' });
	lifecycle = await import('../../../src/server/http/lifecycle.ts');
	panel = (await import('../../../src/server/game-panel/index.ts')).getGamePanel();
	modpacks = await import('../../../src/server/modpacks/index.ts');
	r = {
		modpack: await import('../../../src/pages/api/services/[id]/modpack.ts'),
		software: await import('../../../src/pages/api/services/[id]/software.ts'),
		server: await import('../../../src/pages/api/panel/servers/[id]/index.ts'),
		catalogue: await import('../../../src/pages/api/minecraft/software.ts'),
	};
	owner = (await sessionOf(b.p.stack, demo)).token;
	stranger = (await sessionOf(b.p.stack, other)).token;
}, 60_000);
afterAll(() => b.stop());

const as = (bearer: string, body?: unknown) => ({ bearer, body });
const install = (id: string, body: unknown, bearer = owner) =>
	call(r.modpack, 'POST', `/api/services/${id}/modpack`, { id }, as(bearer, body));
const remove = (id: string, bearer = owner) =>
	call(r.modpack, 'DELETE', `/api/services/${id}/modpack`, { id }, as(bearer));
const software = (id: string, body: unknown, bearer = owner) =>
	call(r.software, 'PUT', `/api/services/${id}/software`, { id }, as(bearer, body));
const page = async (id: string, bearer = owner) =>
	(await call(r.server, 'GET', `/api/panel/servers/${id}`, { id }, as(bearer))).json;

/** What a refused request must not have touched: changes, activity, backups on the panel. */
async function untouched(id: string) {
	const [changes, activity, service] = await Promise.all([
		b.p.service.from('software_installs').select('id').eq('service_id', id),
		b.p.service.from('service_activity').select('id').eq('service_id', id),
		b.p.service.from('services').select('panel_server_id, panel_identifier').eq('id', id).single(),
	]);
	const ref = {
		panelServerId: Number(service.data!.panel_server_id),
		identifier: service.data!.panel_identifier!,
	};
	return {
		changes: changes.data!.length,
		activity: activity.data!.length,
		backups: (await panel.listBackups(ref)).backups.length,
	};
}

const refOf = async (id: string) => {
	const { data } = await b.p.service
		.from('services')
		.select('panel_server_id, panel_identifier')
		.eq('id', id)
		.single();
	return { panelServerId: Number(data!.panel_server_id), identifier: data!.panel_identifier! };
};

describe('the software catalogue', () => {
	it('is public and cacheable: each software’s versions newest first and a default', async () => {
		const answer = await call(r.catalogue, 'GET', '/api/minecraft/software', {}, as(''));
		expect(answer.status).toBe(200);
		expect(answer.headers.get('cache-control')).toBe('public, max-age=3600');
		const { software: offered } = JSON.parse(answer.text) as SoftwareCatalogueAnswer;
		expect(offered.map((entry) => entry.id)).toEqual([
			'vanilla',
			'paper',
			'fabric',
			'forge',
			'neoforge',
		]);
		const paper = offered.find((entry) => entry.id === 'paper');
		expect(paper).toMatchObject({ name: 'Paper', versions: expect.arrayContaining(['1.21.4']) });
		expect(paper?.versions).toContain(paper?.defaultVersion);
	});
});

describe('installing a modpack', () => {
	it('with the extra: 202, then backup, install and start; its mods in the files and its name on the page', async () => {
		const id = await minecraftService(b, { extra: true, ramGb: 4 });
		const before = await page(id);
		expect(before).toMatchObject({ modpackExtra: true, modpack: null, install: null });
		const started = await install(id, adrenaserver);
		expect(started.status).toBe(202);
		expect(started.json.install).toMatchObject({
			kind: 'modpack',
			status: 'installing',
			step: 'backup',
			target: expect.stringContaining('Adrenaserver'),
			finishedAt: null,
			error: null,
			restoredBackup: false,
		});
		await lifecycle.backgroundSettled();
		const after = await page(id);
		expect(after.install).toMatchObject({ status: 'installed', step: null, error: null });
		expect(after.modpack).toMatchObject({
			...adrenaserver,
			name: 'Adrenaserver',
			loader: 'fabric',
			gameVersion: '1.21.1',
		});
		expect(after.activity?.slice(0, 2).map((entry) => entry.event)).toEqual([
			'modpack_installed',
			'backup_created',
		]);
		const plan = await modpacks
			.getModpackSource()
			.resolve(adrenaserver.projectId, adrenaserver.versionId);
		const mods = (await panel.listFiles(await refOf(id), '/mods')).map(
			(file) => `mods/${file.name}`,
		);
		const packMods = plan.files.map((file) => file.path).filter((path) => path.startsWith('mods/'));
		expect(packMods.length).toBeGreaterThan(0);
		expect(mods).toEqual(expect.arrayContaining(packMods));
		const backups = (await panel.listBackups(await refOf(id))).backups;
		expect(backups.map((backup) => backup.name)).toContain(`Before ${started.json.install.target}`);
	});

	it('without the extra: 402 with the upgrade that adds it, in the caller’s language; nothing changes', async () => {
		const id = await minecraftService(b, { extra: false });
		const before = await untouched(id);
		const refused = await install(id, { ...adrenaserver, locale: 'de' });
		expect(refused.status).toBe(402);
		expect(refused.json.error).toEqual({
			code: 'modpack_extra_required',
			message: de['software.error.modpack_extra_required'],
			upgradeUrl: `/de/panel/game-servers/upgrade/${id}?extra=modpackInstallation`,
		});
		expect(await untouched(id)).toEqual(before);
		expect(await page(id)).toMatchObject({ modpackExtra: false, install: null });
	});

	it('a pack recommending more RAM than the server has: 422 with the upgrade to the size that fits', async () => {
		const id = await minecraftService(b, { ramGb: 4 });
		const before = await untouched(id);
		const refused = await install(id, atm10);
		expect(refused.status).toBe(422);
		expect(refused.json.error).toMatchObject({
			code: 'modpack_needs_ram',
			recommendedRamGb: 12,
			ramGb: 4,
			upgradeUrl: `/panel/game-servers/upgrade/${id}?ram=12`,
		});
		expect(await untouched(id)).toEqual(before);
	});

	it('a version without a server pack, and a mod that is no pack, are refused with why', async () => {
		const id = await minecraftService(b);
		const before = await untouched(id);
		const clientSide = await install(id, clientOnly);
		expect([clientSide.status, clientSide.json.error.code]).toEqual([
			422,
			'modpack_no_server_pack',
		]);
		const mod = await install(id, aMod);
		expect([mod.status, mod.json.error.code]).toEqual([422, 'modpack_not_modpack']);
		const unknown = await install(id, { projectId: 'AAAAAAAA', versionId: 'BBBBBBBB' });
		expect([unknown.status, unknown.json.error.code]).toEqual([404, 'modpack_not_found']);
		const malformed = await install(id, { projectId: '../etc', versionId: 'x' });
		expect(malformed.status).toBe(400);
		expect(await untouched(id)).toEqual(before);
	});

	it('one change at a time: 409 while another runs', async () => {
		const id = await minecraftService(b);
		const { data: running } = await b.admin.rpc('begin_software_install', {
			customer: b.ownerId,
			service: id,
			kind: 'software',
			target: 'Paper 1.21.4',
			install: { kind: 'software', software: 'paper', minecraftVersion: '1.21.4' },
			fresh_world: false,
			holder: 'another-site-server',
			seconds: 60,
		});
		expect(running).toBeTruthy();
		const before = await untouched(id);
		const refused = await install(id, adrenaserver);
		expect([refused.status, refused.json.error.code]).toEqual([409, 'install_running']);
		const alsoRefused = await software(id, { software: 'fabric', minecraftVersion: '1.21.4' });
		expect([alsoRefused.status, alsoRefused.json.error.code]).toEqual([409, 'install_running']);
		expect(await untouched(id)).toEqual(before);
	});

	it('refuses a suspended server, another game’s server and anyone else’s, changing nothing', async () => {
		const id = await minecraftService(b);
		const before = await untouched(id);
		const strangers = await install(id, adrenaserver, stranger);
		expect([strangers.status, strangers.json.error.code]).toEqual([404, 'not_found']);
		expect(await untouched(id)).toEqual(before);
		const palworld = await b.activeService(
			new Date(Date.now() - 86_400_000).toISOString(),
			new Date(Date.now() + 29 * 86_400_000).toISOString(),
			{ backups: 3 },
		);
		const wrongGame = await software(palworld, { software: 'paper', minecraftVersion: '1.21.4' });
		expect([wrongGame.status, wrongGame.json.error.code]).toEqual([422, 'not_minecraft']);
		await b.p.service.from('services').update({ status: 'suspended' }).eq('id', id);
		const suspended = await install(id, adrenaserver);
		expect([suspended.status, suspended.json.error.code]).toEqual([409, 'suspended']);
		expect(await untouched(id)).toEqual(before);
		// The seed's server on a panel this stack never made it on.
		const seeded = await software(ids.minecraft, { software: 'paper', minecraftVersion: '1.21.4' });
		expect(seeded.status).toBe(409);
	});
});

describe('removing the pack and changing the software', () => {
	it('changes the software at a version, then a pack over it; a third backup within ten minutes is refused', async () => {
		const id = await minecraftService(b);
		const plain = await software(id, { software: 'fabric', minecraftVersion: '1.21.1' });
		expect(plain.status).toBe(202);
		expect(plain.json.install).toMatchObject({ kind: 'software', target: 'Fabric 1.21.1' });
		await lifecycle.backgroundSettled();
		expect(await page(id)).toMatchObject({
			software: { software: 'fabric', minecraftVersion: '1.21.1' },
			install: { kind: 'software', status: 'installed', target: 'Fabric 1.21.1' },
		});
		expect((await page(id)).activity?.[0]?.event).toBe('software_changed');

		expect((await install(id, adrenaserver)).status).toBe(202);
		await lifecycle.backgroundSettled();
		// The pack runs over the software, which stays what removing the pack goes back to.
		expect(await page(id)).toMatchObject({
			software: { software: 'fabric', minecraftVersion: '1.21.1' },
			modpack: { name: 'Adrenaserver' },
		});

		// The panel starts two backups per ten minutes, and nothing changes without one.
		const before = await untouched(id);
		const third = await software(id, { software: 'paper', minecraftVersion: '1.21.4' });
		expect([third.status, third.json.error.code]).toEqual([429, 'backups_too_frequent']);
		expect(await untouched(id)).toEqual(before);
	});

	it('removing the pack goes back to the software before it, worlds kept', async () => {
		const id = await minecraftService(b);
		const ref = await refOf(id);
		expect((await install(id, adrenaserver)).status).toBe(202);
		await lifecycle.backgroundSettled();
		// What the server ran before the pack.
		await b.p.service
			.from('server_software')
			.update({ software: 'paper', minecraft_version: '1.21.1' })
			.eq('service_id', id);
		await panel.writeFile(ref, '/world/level.dat', 'the world');

		const removed = await remove(id);
		expect(removed.status).toBe(202);
		expect(removed.json.install).toMatchObject({ kind: 'modpack_removal', target: 'Paper 1.21.1' });
		await lifecycle.backgroundSettled();
		const after = await page(id);
		expect(after).toMatchObject({
			modpack: null,
			software: { software: 'paper', minecraftVersion: '1.21.1' },
			install: { kind: 'modpack_removal', status: 'installed' },
		});
		expect(after.activity?.[0]).toMatchObject({
			event: 'modpack_removed',
			detail: { name: 'Adrenaserver', software: 'paper', minecraftVersion: '1.21.1' },
		});
		expect(await panel.readFile(ref, '/world/level.dat')).toBe('the world');
		const noPack = await remove(id);
		expect([noPack.status, noPack.json.error.code]).toEqual([409, 'no_modpack']);
	});

	it('without software chosen before the pack, removing it goes to Vanilla at the pack’s version', async () => {
		const id = await minecraftService(b);
		expect((await install(id, adrenaserver)).status).toBe(202);
		await lifecycle.backgroundSettled();
		const removed = await remove(id);
		expect(removed.json.install).toMatchObject({ target: 'Vanilla 1.21.1' });
		await lifecycle.backgroundSettled();
		expect((await page(id)).software).toEqual({ software: 'vanilla', minecraftVersion: '1.21.1' });
	});

	it('refuses software or a version the catalogue does not offer', async () => {
		const id = await minecraftService(b);
		const before = await untouched(id);
		for (const body of [
			{ software: 'bukkit', minecraftVersion: '1.21.4' },
			{ software: 'neoforge', minecraftVersion: '1.16.5' },
		]) {
			const refused = await software(id, { ...body, locale: 'de' });
			expect(refused.status).toBe(400);
			expect(refused.json.error).toEqual({
				code: 'software_unknown',
				message: de['software.error.software_unknown'],
			});
		}
		expect((await software(id, { software: 'paper' })).status).toBe(400);
		expect(await untouched(id)).toEqual(before);
	});

	it('a failed install on the panel: what ran before goes back, then the backup, and the page says so', async () => {
		const id = await minecraftService(b);
		const ref = await refOf(id);
		expect((await software(id, { software: 'fabric', minecraftVersion: '1.21.1' })).status).toBe(
			202,
		);
		await lifecycle.backgroundSettled();
		await panel.writeFile(ref, '/world/level.dat', 'the world before');
		// A NeoForge build for another Minecraft: the installer refuses it (install_failed).
		const broken: ChangeRequest = {
			kind: 'modpack',
			target: 'Broken Pack 1.0',
			install: {
				kind: 'modpack',
				plan: {
					projectId: 'BrokenPk',
					versionId: 'Version1',
					name: 'Broken Pack',
					versionName: '1.0',
					loader: 'neoforge',
					loaderVersion: '20.4.237',
					gameVersion: '1.21.1',
					recommendedRamGb: null,
					packUrl: null,
					files: [],
					overrides: [],
				},
			},
			freshWorld: true,
		};
		const { minecraftServer } = await import('../../../src/server/minecraft-software/server.ts');
		const { beginChange } = await import('../../../src/server/minecraft-software/begin.ts');
		const user = (await b.p.owner.auth.getUser()).data.user!;
		const server = await minecraftServer(b.admin, user, id);
		if (typeof server === 'string' || !('ref' in server)) throw new Error('no server');
		expect(await beginChange(b.admin, panel, server, broken, 'en')).toMatchObject({
			install: { status: 'installing' },
		});
		await lifecycle.backgroundSettled();
		const after = await page(id);
		expect(after.install).toMatchObject({
			kind: 'modpack',
			status: 'failed',
			error: 'The installation failed on the game panel.',
			restoredBackup: true,
		});
		expect(after).toMatchObject({
			software: { software: 'fabric', minecraftVersion: '1.21.1' },
			modpack: null,
		});
		expect(after.activity?.[0]).toMatchObject({
			event: 'software_install_failed',
			detail: { target: 'Broken Pack 1.0', error: 'install_failed', restoredBackup: true },
		});
		expect(await panel.readFile(ref, '/world/level.dat')).toBe('the world before');
		expect((await panel.state(ref)).state).not.toBe('install_failed');
	});
});
