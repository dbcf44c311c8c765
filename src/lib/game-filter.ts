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

/**
 * The filter as the address keeps it (`?q=zomb&platform=pc`), so a reload, a shared link or the
 * back button shows the same list. Unknown platforms fall back to all; defaults are left out.
 */
export function filterFromSearch(search: string, known: readonly string[]): GameFilterState {
	const params = new URLSearchParams(search);
	const platform = params.get('platform') ?? 'all';
	return {
		query: (params.get('q') ?? '').slice(0, 100),
		platform: known.includes(platform) ? platform : 'all',
	};
}

export function searchFromFilter({ query, platform }: GameFilterState): string {
	const params = new URLSearchParams();
	if (query.trim()) params.set('q', query.trim());
	if (platform !== 'all') params.set('platform', platform);
	const search = params.toString();
	return search ? `?${search}` : '';
}
