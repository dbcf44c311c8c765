import type { APIContext, APIRoute } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../../../src/i18n/ui/de.json';
import no from '../../../src/i18n/ui/no.json';
import { startProductStack, type Personas } from '../data-model/personas.ts';

// GET /api/locations against the local stack (the address pools of the seed), the simulated game
// panel and the simulated hypervisor, whose room per location or node the tests set: where a
// server can run, in the caller's language, and whether a location is full for a plan.

interface LocationRow {
	id: string;
	city: string;
	country: string;
	countryName: string;
	products: string[];
	full: boolean;
	fullFor: Record<string, boolean>;
}

let p: Personas;
let route: APIRoute;

beforeAll(async () => {
	p = await startProductStack();
	Object.assign(process.env, {
		PUBLIC_SUPABASE_URL: p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
		PTERODACTYL_URL: '',
		GAME_PANEL_SIM_FILE: '',
		PROXMOX_URL: '',
		HYPERVISOR_SIM_FILE: '',
	});
	route = (await import('../../../src/pages/api/locations.ts')).GET;
}, 60_000);
afterAll(() => p.stack.stop());

/** Room as the simulations are told it (their adapters are made again when a setting changes). */
function room({ game = '', vps = '' }: { game?: string; vps?: string }) {
	process.env.GAME_PANEL_SIM_CAPACITY = game;
	process.env.HYPERVISOR_SIM_CAPACITY = vps;
}

async function ask(query: string, cookieLocale?: string) {
	const url = new URL(`/api/locations${query}`, 'http://127.0.0.1:4321');
	const response = await route({
		request: new Request(url),
		url,
		params: {},
		locals: { clientAddress: '203.0.113.43' },
		cookies: {
			get: (name: string) =>
				name === 'locale' && cookieLocale ? { value: cookieLocale } : undefined,
		},
	} as unknown as APIContext);
	const body = (await response.json()) as {
		locations: LocationRow[];
		error: { code: string; message: string };
	};
	return { status: response.status, headers: response.headers, ...body };
}

const fullness = (rows: LocationRow[]) => Object.fromEntries(rows.map((row) => [row.id, row.full]));

describe('GET /api/locations', () => {
	it('lists every location with its city, country and products, none full with room', async () => {
		room({});
		const answer = await ask('');
		expect(answer.status).toBe(200);
		expect(answer.headers.get('cache-control')).toBe('no-store');
		expect(answer.locations).toEqual([
			{
				id: 'oslo',
				city: 'Oslo',
				country: 'NO',
				countryName: 'Norway',
				products: ['game', 'vps'],
				full: false,
				fullFor: { game: false, vps: false },
			},
			{
				id: 'frankfurt',
				city: 'Frankfurt',
				country: 'DE',
				countryName: 'Germany',
				products: ['game', 'vps'],
				full: false,
				fullFor: { game: false, vps: false },
			},
			{
				id: 'stockholm',
				city: 'Stockholm',
				country: 'SE',
				countryName: 'Sweden',
				products: ['game'],
				full: false,
				fullFor: { game: false },
			},
		]);
		// Where servers go on the panel and the hypervisor stays on the server.
		expect(JSON.stringify(answer.locations)).not.toMatch(/pve|panelLocation|nodes|probe/);
	});

	it('names the cities in the language asked, else the one the site remembers', async () => {
		room({});
		const german = await ask('?product=vps&lang=de');
		expect(german.locations.map((row) => [row.id, row.city, row.countryName])).toEqual([
			['oslo', 'Oslo', 'Norwegen'],
			['frankfurt', 'Frankfurt am Main', 'Deutschland'],
		]);
		const danish = await ask('?product=game', 'da');
		expect(danish.locations.map((row) => row.countryName)).toEqual([
			'Norge',
			'Tyskland',
			'Sverige',
		]);
	});

	it('says a location is full for a plan it has no room for, not for a smaller one', async () => {
		// 4 GB left in Stockholm: a 1 GB Minecraft server fits, a 6 GB Valheim server does not.
		room({ game: 'stockholm=4:100' });
		expect(fullness((await ask('?product=game&plan=valheim-standard')).locations)).toEqual({
			oslo: false,
			frankfurt: false,
			stockholm: true,
		});
		expect(fullness((await ask('?product=game&plan=minecraft-budget&ram=4')).locations)).toEqual({
			oslo: false,
			frankfurt: false,
			stockholm: false,
		});
		expect(fullness((await ask('?plan=minecraft-budget&ram=5')).locations).stockholm).toBe(true);
		// Without a plan: the smallest game server (1 GB) still fits.
		expect(fullness((await ask('?product=game')).locations).stockholm).toBe(false);
	});

	it('asks the hypervisor for a VPS: cores, memory and disk on the location’s nodes', async () => {
		// Frankfurt's node pve2 has 1 core, 2 GB and 40 GB: the smallest VPS fits, 4 GB does not.
		room({ vps: 'pve2=1:2:40' });
		expect(fullness((await ask('?product=vps')).locations)).toEqual({
			oslo: false,
			frankfurt: false,
		});
		const bigger = await ask('?product=vps&plan=vps-premium&ram=4');
		expect(fullness(bigger.locations)).toEqual({ oslo: false, frankfurt: true });
	});

	it('calls a location offering both products full only when it has room for neither', async () => {
		room({ vps: 'pve2=0:0:0' });
		const vpsFull = (await ask('')).locations.find((row) => row.id === 'frankfurt')!;
		expect(vpsFull).toMatchObject({ full: false, fullFor: { game: false, vps: true } });
		room({ game: 'frankfurt=1:10', vps: 'pve2=0:0:0' });
		const bothFull = (await ask('')).locations.find((row) => row.id === 'frankfurt')!;
		expect(bothFull).toMatchObject({ full: true, fullFor: { game: true, vps: true } });
	});

	it('refuses what the catalogue does not sell with 422, in the caller’s language', async () => {
		room({});
		const refusals = [
			['?product=dedicated&lang=no', 'unknown_product', no['locations.error.unknown_product']],
			['?plan=valheim-mega&lang=de', 'unknown_plan', de['checkout.error.unknown_plan']],
			[
				'?product=vps&plan=valheim-standard&lang=de',
				'unknown_plan',
				de['checkout.error.unknown_plan'],
			],
			['?plan=valheim-standard&ram=7&lang=de', 'invalid_ram', de['checkout.error.invalid_ram']],
			['?ram=8&lang=no', 'unknown_plan', no['checkout.error.unknown_plan']],
			[
				'?plan=valheim-standard&storage=30&lang=de',
				'unknown_storage',
				de['checkout.error.unknown_storage'],
			],
		] as const;
		for (const [query, code, message] of refusals) {
			const answer = await ask(query);
			expect([query, answer.status, answer.error]).toEqual([query, 422, { code, message }]);
		}
	});
});
