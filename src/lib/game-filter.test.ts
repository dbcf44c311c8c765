import { describe, expect, it } from 'vitest';
import { filterFromSearch, matchesGameFilter, searchFromFilter } from './game-filter';
import { games } from './games';

const names = (query: string, platform: string) =>
	games
		.filter((game) =>
			matchesGameFilter({ name: game.name, platforms: game.platforms }, { query, platform }),
		)
		.map((g) => g.name);

describe('matchesGameFilter', () => {
	it('shows everything with no query on All', () => {
		expect(names('', 'all')).toHaveLength(games.length);
	});
	it('matches part of a name regardless of case, accents and spaces around it', () => {
		expect(names('  ZOMB ', 'all')).toEqual(['Project Zomboid']);
		expect(names('éco', 'all')).toEqual(['ECO']);
	});
	it('narrows by platform and combines with the query', () => {
		expect(names('', 'mobile')).toEqual(['Minecraft', 'Terraria']);
		expect(names('val', 'console')).toEqual(['Valheim']);
		expect(names('rust', 'console')).toEqual([]);
	});
});

describe('the filter in the address', () => {
	const known = ['pc', 'mobile', 'console'];
	it('reads the search and platform, and falls back to all for anything else', () => {
		expect(filterFromSearch('?q=zomb&platform=pc', known)).toEqual({
			query: 'zomb',
			platform: 'pc',
		});
		expect(filterFromSearch('?platform=toaster', known)).toEqual({ query: '', platform: 'all' });
		expect(filterFromSearch('', known)).toEqual({ query: '', platform: 'all' });
	});
	it('writes only what differs from the default, and reads back what it wrote', () => {
		expect(searchFromFilter({ query: '', platform: 'all' })).toBe('');
		const state = { query: 'project zomboid & co', platform: 'console' };
		expect(filterFromSearch(searchFromFilter(state), known)).toEqual(state);
	});
});
