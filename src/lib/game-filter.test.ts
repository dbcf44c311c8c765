import { describe, expect, it } from 'vitest';
import { matchesGameFilter } from './game-filter';
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
