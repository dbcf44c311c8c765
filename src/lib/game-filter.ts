/** Whether a game card matches the games page search box and platform filter. */
export interface FilterableGame {
	name: string;
	platforms: readonly string[];
}

export interface GameFilterState {
	query: string;
	platform: string;
}

/** Case- and accent-insensitive, so "eco" finds "ECO" and "zomb" finds "Project Zomboid". */
export function normalise(text: string): string {
	return text
		.normalize('NFD')
		.replace(/\p{Diacritic}/gu, '')
		.toLowerCase()
		.trim();
}

export function matchesGameFilter(
	game: FilterableGame,
	{ query, platform }: GameFilterState,
): boolean {
	const onPlatform = platform === 'all' || game.platforms.includes(platform);
	return onPlatform && normalise(game.name).includes(normalise(query));
}
