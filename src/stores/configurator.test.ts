import { afterEach, describe, expect, it, vi } from 'vitest';
import { findPlan, vpsPlans } from '../lib/catalogue';
import { publicVpsImage, vpsImages } from '../lib/vps/images';
import { createConfigurator } from './configurator';
import { vpsPart } from './configurator-vps';
import { summarize } from '../lib/pricing';
import type { LocationSetup } from './configurator-location';

const minecraft = [findPlan('minecraft-budget')!, findPlan('minecraft-premium')!];

describe('createConfigurator', () => {
	it('starts at the first plan with its smallest size, included storage, monthly', () => {
		const c = createConfigurator(minecraft);
		expect(c.$state.get()).toEqual({
			planId: 'minecraft-budget',
			ram: 1,
			storageGb: 25,
			extras: [],
			cycle: 'monthly',
		});
		expect(summarize(c.$state.get(), 'EUR')).toEqual({
			currency: 'EUR',
			perMonth: 100,
			cycleTotal: 100,
			months: 1,
			saving: 0,
			specs: null,
		});
	});

	it('prices every change, in the chosen currency once the visitor picks one', () => {
		const c = createConfigurator(minecraft);
		c.choosePlan('minecraft-premium');
		c.setRam(4);
		c.setStorage(50);
		c.toggleExtra('subDomain', true);
		c.setCycle('quarterly');
		expect(summarize(c.$state.get(), 'EUR')).toMatchObject({
			cycleTotal: 3060,
			perMonth: 1020,
			months: 3,
		});
		expect(summarize(c.$state.get(), 'NOK').cycleTotal).toBe(30600);
	});

	it('lands RAM only on sizes the plan offers', () => {
		const c = createConfigurator([findPlan('rust-standard')!]);
		c.setRam(7);
		expect(c.$state.get().ram).toBe(8);
		c.setRam(40);
		expect(c.$state.get().ram).toBe(16);
		c.setRam(1);
		expect(c.$state.get().ram).toBe(6);
	});

	it('keeps the chosen extras when the new plan offers them, and shows a VPS’s specs at its RAM', () => {
		const c = createConfigurator(minecraft);
		c.toggleExtra('modpackInstallation', true);
		c.choosePlan('minecraft-premium');
		expect(c.$state.get().extras).toEqual(['modpackInstallation']);
		const vps = createConfigurator([findPlan('vps-premium')!]);
		vps.setRam(8);
		expect(summarize(vps.$state.get(), 'USD').specs).toEqual({
			cores: 4,
			storageGb: 50,
			bandwidth: '1 Gbit/s',
		});
	});

	it('resumes a configuration from the cart when it belongs to these plans', () => {
		const start = {
			planId: 'minecraft-premium',
			ram: 6,
			storageGb: 100,
			extras: ['subDomain' as const],
			cycle: 'annually' as const,
		};
		expect(createConfigurator(minecraft, start).$state.get()).toEqual(start);
		expect(createConfigurator([findPlan('rust-standard')!], start).$state.get().planId).toBe(
			'rust-standard',
		);
		const later = createConfigurator(minecraft);
		later.resume(start);
		expect(later.$state.get()).toEqual(start);
		later.resume({ ...start, planId: 'rust-standard' });
		expect(later.$state.get()).toEqual(start);
	});
});

describe('the VPS fields', () => {
	const images = vpsImages.map(publicVpsImage);
	const vps = () => {
		const c = createConfigurator(vpsPlans(), undefined, vpsPart(images));
		return { ...c, fields: c.vps! };
	};
	const key = `ssh-ed25519 ${Buffer.concat([
		Buffer.of(0, 0, 0, 11),
		Buffer.from('ssh-ed25519'),
		Buffer.of(0, 0, 0, 32),
		Buffer.alloc(32, 7),
	]).toString('base64')} me@pc`;

	it('holds the cart back until the VPS choice is orderable, then carries it', () => {
		const c = vps();
		expect(c.cartChoice()).toBeNull();
		c.fields.chooseImage('debian-12');
		c.fields.setHostname('Web-01');
		expect(c.fields.$check.get().keys).toEqual({ code: 'vps_ssh_keys_required' });
		c.fields.setSshKeys(`${key}\nnot a key`);
		expect(c.fields.$check.get().keys).toEqual({ code: 'vps_ssh_key_invalid', line: 2 });
		c.fields.setSshKeys(key);
		const price = summarize(c.$state.get(), 'EUR');
		expect(c.cartChoice()).toMatchObject({
			vps: { image: 'debian-12', hostname: 'web-01', sshKeys: [key] },
		});
		expect(summarize(c.cartChoice()!, 'EUR')).toEqual(price);
	});

	it('offers Windows with a password only, and unselects it when RAM goes under 4 GB', () => {
		const c = vps();
		c.setRam(4);
		c.fields.chooseImage('windows-server-2022');
		expect(c.fields.$vps.get().access).toBe('password');
		c.fields.setAccess('keys');
		expect(c.fields.$vps.get().access).toBe('password');
		c.fields.setHostname('win');
		expect(c.cartChoice()?.vps).toEqual({ image: 'windows-server-2022', hostname: 'win' });
		c.setRam(2);
		expect(c.fields.$vps.get()).toMatchObject({ image: null, dropped: 'windows-server-2022' });
		expect(c.cartChoice()).toBeNull();
	});

	it('resumes the VPS choice from the cart', () => {
		const c = vps();
		const plan = vpsPlans()[0]!;
		c.resume({
			planId: plan.id,
			ram: plan.startingRam,
			storageGb: null,
			extras: [],
			cycle: 'monthly',
			vps: { image: 'alma-9', hostname: 'db', sshKeys: [key] },
		});
		expect(c.fields.$vps.get()).toMatchObject({ image: 'alma-9', hostname: 'db', keysText: key });
		expect(c.$state.get()).not.toHaveProperty('vps');
		expect(c.cartChoice()?.vps).toEqual({ image: 'alma-9', hostname: 'db', sshKeys: [key] });
	});

	it('asks nothing of a game server', () => {
		const c = createConfigurator(minecraft, undefined, vpsPart(images));
		expect(c.cartChoice()).toEqual(c.$state.get());
		expect(createConfigurator(minecraft).vps).toBeNull();
	});
});

describe('the location', () => {
	afterEach(() => vi.unstubAllGlobals());
	const valheim = [findPlan('valheim-standard')!];
	const game: LocationSetup = {
		options: (['oslo', 'frankfurt', 'stockholm'] as const).map((id) => ({
			id,
			city: id,
			countryName: '',
			flag: '',
		})),
		nearest: 'frankfurt',
	};
	/** GET /api/locations answering `full` for the locations named, and what it was asked. */
	const answering = (...full: string[]) =>
		vi.fn((url: string) => {
			void url;
			const locations = game.options.map(({ id }) => ({ id, full: full.includes(id) }));
			return Promise.resolve(new Response(JSON.stringify({ locations })));
		});

	it('preselects the nearest location, and takes the one chosen', () => {
		const c = createConfigurator(valheim, undefined, undefined, game);
		expect(c.$state.get().location).toBe('frankfurt');
		c.location!.choose('stockholm');
		expect(c.cartChoice()?.location).toBe('stockholm');
		expect(createConfigurator(valheim).location).toBeNull();
	});

	it('asks for room at the size chosen, and moves a preselected full location to one with room', async () => {
		const c = createConfigurator(valheim, undefined, undefined, game);
		c.setRam(10);
		const fetcher = answering('frankfurt');
		vi.stubGlobal('fetch', fetcher);
		await c.location!.refresh();
		expect(fetcher.mock.calls[0]![0]).toBe(
			'/api/locations?plan=valheim-standard&ram=10&storage=25',
		);
		expect(c.location!.$full.get()).toEqual({ oslo: false, frankfurt: true, stockholm: false });
		expect(c.$state.get().location).toBe('oslo');
		c.location!.choose('frankfurt');
		expect(c.$state.get().location).toBe('oslo');
	});

	it('moves a chosen location that fills up for the new size to the first with room', async () => {
		const c = createConfigurator(valheim, undefined, undefined, game);
		c.location!.choose('stockholm');
		vi.stubGlobal('fetch', answering('stockholm'));
		await c.location!.refresh();
		expect(c.cartChoice()?.location).toBe('oslo');
		vi.stubGlobal('fetch', answering('oslo', 'stockholm'));
		await c.location!.refresh();
		expect(c.cartChoice()?.location).toBe('frankfurt');
		// Nowhere with room: the choice stays, and checkout refuses it with no alternative.
		vi.stubGlobal('fetch', answering('oslo', 'frankfurt', 'stockholm'));
		await c.location!.refresh();
		expect(c.cartChoice()?.location).toBe('frankfurt');
	});

	it('drops an answer for a size no longer chosen, and shows nothing full when it cannot ask', async () => {
		const c = createConfigurator(valheim, undefined, undefined, game);
		vi.stubGlobal('fetch', answering('frankfurt'));
		const pending = c.location!.refresh();
		c.setRam(8);
		await pending;
		expect(c.location!.$full.get()).toEqual({});
		vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
		await c.location!.refresh();
		expect(c.location!.$full.get()).toEqual({});
		expect(c.cartChoice()?.location).toBe('frankfurt');
	});

	it('resumes the location of a configuration brought back, else the nearest', () => {
		const c = createConfigurator(valheim, undefined, undefined, game);
		const choice = {
			planId: 'valheim-standard',
			ram: 6,
			storageGb: 25,
			extras: [],
			cycle: 'monthly' as const,
		};
		c.resume({ ...choice, location: 'stockholm' });
		expect(c.$state.get().location).toBe('stockholm');
		c.resume(choice);
		expect(c.$state.get().location).toBe('frankfurt');
		c.resume({ ...choice, location: 'helsinki' });
		expect(c.$state.get().location).toBe('frankfurt');
	});
});
