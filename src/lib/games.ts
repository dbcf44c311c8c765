/**
 * The games we host: structural facts only (names, platforms, badges, icons). Words live in
 * `content/games/<locale>/<id>.md`, prices in the catalogue.
 */
export type Platform = 'pc' | 'mobile' | 'console';
export type GameBadge = 'popular' | 'new';

export interface Game {
	id: string;
	name: string;
	platforms: readonly Platform[];
	badge?: GameBadge;
	/** Lucide icon name, bundled at build time. */
	icon: string;
	/** Two colours for the card artwork, so each game is recognisable without image downloads. */
	colors: readonly [string, string];
}

const gameList = [
	{
		id: 'minecraft',
		name: 'Minecraft',
		platforms: ['pc', 'mobile', 'console'],
		badge: 'popular',
		icon: 'pickaxe',
		colors: ['#15803d', '#713f12'],
	},
	{
		id: 'palworld',
		name: 'Palworld',
		platforms: ['pc', 'console'],
		badge: 'popular',
		icon: 'paw-print',
		colors: ['#0369a1', '#0f766e'],
	},
	{
		id: 'rust',
		name: 'Rust',
		platforms: ['pc'],
		badge: 'popular',
		icon: 'axe',
		colors: ['#9a3412', '#44403c'],
	},
	{
		id: 'satisfactory',
		name: 'Satisfactory',
		platforms: ['pc'],
		icon: 'factory',
		colors: ['#c2410c', '#1e3a8a'],
	},
	{
		id: 'valheim',
		name: 'Valheim',
		platforms: ['pc', 'console'],
		icon: 'swords',
		colors: ['#334155', '#1e40af'],
	},
	{
		id: 'enshrouded',
		name: 'Enshrouded',
		platforms: ['pc'],
		badge: 'new',
		icon: 'castle',
		colors: ['#6b21a8', '#1e293b'],
	},
	{
		id: 'terraria',
		name: 'Terraria',
		platforms: ['pc', 'mobile'],
		icon: 'trees',
		colors: ['#166534', '#1d4ed8'],
	},
	{
		id: 'soulmask',
		name: 'Soulmask',
		platforms: ['pc'],
		badge: 'new',
		icon: 'venetian-mask',
		colors: ['#9f1239', '#3f3f46'],
	},
	{
		id: 'project-zomboid',
		name: 'Project Zomboid',
		platforms: ['pc'],
		icon: 'biohazard',
		colors: ['#3f6212', '#18181b'],
	},
	{
		id: 'unturned',
		name: 'Unturned',
		platforms: ['pc'],
		icon: 'tent',
		colors: ['#4d7c0f', '#365314'],
	},
	{ id: 'eco', name: 'ECO', platforms: ['pc'], icon: 'leaf', colors: ['#047857', '#0e7490'] },
	{ id: 'fivem', name: 'FiveM', platforms: ['pc'], icon: 'car', colors: ['#c2410c', '#831843'] },
] as const satisfies readonly Game[];

export const games: readonly Game[] = gameList;

export type GameId = (typeof gameList)[number]['id'];

export const platforms: readonly Platform[] = ['pc', 'mobile', 'console'];

export function findGame(id: string): Game | undefined {
	return games.find((game) => game.id === id);
}

/** Locale-free path of a game's hosting page, `/{game}-server-hosting` (src/pages/[...locale]). */
export function gamePath(id: string): string {
	return `/${id}-server-hosting`;
}
