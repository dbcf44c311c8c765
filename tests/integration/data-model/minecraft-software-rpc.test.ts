import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, expectOnlyOwnRows, ids, other, startProductStack, type Personas } from './personas';

// A Minecraft server's software changes (20261209100000_minecraft_software.sql) as each persona
// sees them: only the site server begins, leases, steps and finishes a change, one at a time per
// server, on the customer's own active Minecraft server (with the extra for a pack); customers read
// their own changes and what their servers run, and write nothing.

let p: Personas;
let othersMinecraft: string;
beforeAll(async () => {
	p = await startProductStack();
	// The other customer's Minecraft server, without the modpack extra.
	const { data, error } = await p.service
		.from('services')
		.insert({
			user_id: other.id,
			product_type: 'game',
			location: 'oslo',
			game: 'minecraft',
			plan_id: 'minecraft-budget',
			tier: 'budget',
			ram_gb: 2,
			storage_gb: 25,
			billing_cycle: 'monthly',
			currency: 'EUR',
			recurring_amount: 200,
			status: 'active',
		})
		.select('id')
		.single();
	if (error) throw error;
	othersMinecraft = data.id;
});
afterAll(() => p.stack.stop());

const pack = {
	projectId: '1KVo5zza',
	versionId: 'lqd6yJSI',
	name: 'Fabulously Optimized',
	versionName: '6.1.0',
	loader: 'fabric',
	loaderVersion: '0.16.9',
	gameVersion: '1.21.1',
	recommendedRamGb: 4,
	packUrl: null,
	files: [],
	overrides: [],
};
const begin = (
	service: string,
	customer: string,
	kind: 'software' | 'modpack' | 'modpack_removal',
	holder: string,
) =>
	p.service.rpc('begin_software_install', {
		customer,
		service,
		kind,
		target: kind === 'modpack' ? 'Fabulously Optimized 6.1.0' : 'Paper 1.21.4',
		install:
			kind === 'modpack'
				? { kind: 'modpack', plan: pack }
				: { kind: 'software', software: 'paper', minecraftVersion: '1.21.4' },
		fresh_world: false,
		holder,
		seconds: 60,
	});
const lease = async (change: string, holder: string) =>
	(await p.service.rpc('software_install_lease', { change, holder, seconds: 60 })).data === true;
const events = async (service: string) =>
	(
		await p.service
			.from('service_activity')
			.select('event, detail')
			.eq('service_id', service)
			.order('id', { ascending: false })
			.limit(1)
	).data ?? [];

describe('software changes', () => {
	it('are not open to browsers: visitors and customers are refused every function', async () => {
		for (const client of [p.anon, p.owner, p.other]) {
			const calls = [
				client.rpc('begin_software_install', {
					customer: demo.id,
					service: ids.minecraft,
					kind: 'software',
					target: 'x',
					install: { kind: 'software' },
					fresh_world: false,
					holder: 'me',
					seconds: 60,
				}),
				client.rpc('software_install_lease', { change: ids.minecraft, holder: 'me', seconds: 1 }),
				client.rpc('software_install_release', { change: ids.minecraft, holder: 'me' }),
				client.rpc('software_install_step', { change: ids.minecraft, holder: 'me', step: 'x' }),
				client.rpc('software_install_failing', {
					change: ids.minecraft,
					holder: 'me',
					error_code: 'timed_out',
				}),
				client.rpc('finish_software_install', {
					change: ids.minecraft,
					holder: 'me',
					outcome: 'installed',
				}),
				client.rpc('software_installs_to_resume', { max_rows: 10 }),
			];
			for (const { error } of await Promise.all(calls)) expect(error?.code).toBe('42501');
		}
	});

	it('begin only on the customer’s own active Minecraft server, a pack only with the extra', async () => {
		const refusals = [
			await begin(ids.minecraft, other.id, 'software', 'h'),
			await begin(ids.palworld, demo.id, 'software', 'h'),
			await begin(ids.rust, demo.id, 'software', 'h'),
		];
		for (const { error } of refusals) expect(error?.message).toBe('service_not_eligible');
		const noExtra = await begin(othersMinecraft, other.id, 'modpack', 'h');
		expect(noExtra.error?.message).toBe('modpack_extra_required');
		const { count } = await p.service
			.from('software_installs')
			.select('id', { count: 'exact', head: true });
		expect(count).toBe(0);
	});

	it('run one at a time per server, held by one worker, and end once with what the server runs', async () => {
		const first = await begin(ids.minecraft, demo.id, 'modpack', 'worker-a');
		expect(first.error).toBeNull();
		const change = first.data!;
		expect((await begin(ids.minecraft, demo.id, 'software', 'worker-b')).data).toBeNull();
		// Another worker neither takes it nor moves it on while the lease runs.
		expect(await lease(change, 'worker-b')).toBe(false);
		const step = { change, step: 'stopping', backup_id: 'backup-1' };
		expect((await p.service.rpc('software_install_step', { ...step, holder: 'b' })).data).toBe(
			null,
		);
		expect(
			(await p.service.rpc('software_install_step', { ...step, holder: 'worker-a' })).data,
		).toBe(true);
		const resume = async () =>
			(await p.service.rpc('software_installs_to_resume', { max_rows: 100 })).data ?? [];
		expect(await resume()).not.toContain(change);
		await p.service.rpc('software_install_release', { change, holder: 'worker-a' });
		expect(await resume()).toContain(change);
		expect(await lease(change, 'worker-b')).toBe(true);
		const finish = { change, outcome: 'installed' };
		expect(
			(await p.service.rpc('finish_software_install', { ...finish, holder: 'worker-a' })).data,
		).toBe(false);
		expect(
			(await p.service.rpc('finish_software_install', { ...finish, holder: 'worker-b' })).data,
		).toBe(true);
		expect(
			(await p.service.rpc('finish_software_install', { ...finish, holder: 'worker-b' })).data,
		).toBe(false);
		const { data: runs } = await p.service
			.from('server_software')
			.select('software, minecraft_version, modpack_name, modpack_version, modpack_loader')
			.eq('service_id', ids.minecraft)
			.single();
		expect(runs).toEqual({
			software: null,
			minecraft_version: null,
			modpack_name: 'Fabulously Optimized',
			modpack_version: '6.1.0',
			modpack_loader: 'fabric',
		});
		expect(await events(ids.minecraft)).toEqual([
			{
				event: 'modpack_installed',
				detail: {
					name: 'Fabulously Optimized',
					version: '6.1.0',
					loader: 'fabric',
					gameVersion: '1.21.1',
					target: 'Fabulously Optimized 6.1.0',
				},
			},
		]);
	});

	it('fail with why, the backup put back, and never as installed once failing', async () => {
		const { data: change } = await begin(ids.minecraft, demo.id, 'software', 'w');
		await p.service.rpc('software_install_failing', {
			change: change,
			holder: 'w',
			error_code: 'install_failed',
		});
		const installed = await p.service.rpc('finish_software_install', {
			change: change,
			holder: 'w',
			outcome: 'installed',
		});
		expect(installed.error?.code).toBe('23514');
		const failed = await p.service.rpc('finish_software_install', {
			change: change,
			holder: 'w',
			outcome: 'failed',
			restored: true,
		});
		expect(failed.data).toBe(true);
		const { data: row } = await p.service
			.from('software_installs')
			.select('status, error_code, restored_backup, finished_at')
			.eq('id', change)
			.single();
		expect(row).toMatchObject({
			status: 'failed',
			error_code: 'install_failed',
			restored_backup: true,
		});
		expect(await events(ids.minecraft)).toEqual([
			{
				event: 'software_install_failed',
				detail: {
					kind: 'software',
					target: 'Paper 1.21.4',
					error: 'install_failed',
					restoredBackup: true,
				},
			},
		]);
		// The pack installed before is still what runs.
		const { data: runs } = await p.service
			.from('server_software')
			.select('modpack_name')
			.eq('service_id', ids.minecraft)
			.single();
		expect(runs?.modpack_name).toBe('Fabulously Optimized');
	});

	it('are read by their customer only, and written by no customer', async () => {
		const { data: theirs } = await begin(othersMinecraft, other.id, 'software', 'x');
		expect(theirs).toBeTruthy();
		for (const table of ['software_installs', 'server_software']) {
			await expectOnlyOwnRows(p.owner, table, demo.id);
			expect(await p.anon.from(table).select('*')).toMatchObject({ data: [] });
		}
		await expectOnlyOwnRows(p.other, 'software_installs', other.id);
		const writes = [
			p.owner.from('software_installs').update({ status: 'installed' }).eq('id', theirs),
			p.owner
				.from('server_software')
				.update({ software: 'vanilla', minecraft_version: '1.21.4' })
				.eq('service_id', ids.minecraft),
			p.owner.from('server_software').delete().eq('service_id', ids.minecraft),
			p.other.from('software_installs').insert({
				service_id: othersMinecraft,
				user_id: other.id,
				kind: 'software',
				target: 'x',
				install: { kind: 'software' },
			}),
			p.other.from('software_installs').delete().eq('id', theirs),
		];
		for (const { error } of await Promise.all(writes)) expect(error?.code).toBe('42501');
		const { data: still } = await p.service
			.from('software_installs')
			.select('status')
			.eq('id', theirs)
			.single();
		expect(still?.status).toBe('installing');
	});
});
