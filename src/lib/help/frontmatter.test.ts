import { describe, expect, it } from 'vitest';
import { helpFrontmatter } from './frontmatter';

const valid = {
	title: 'Install a modpack on your Minecraft server',
	description:
		'Pick a modpack by name on the Modpacks tab, choose its version and install it, with a backup made first.',
	category: 'minecraft',
	games: ['minecraft'],
	order: 3,
	popular: true,
	updated: new Date('2026-12-06'),
	related: ['minecraft/connect-to-your-server'],
};

/** The messages an editor gets for this frontmatter, keyed by field. */
function messages(data: Record<string, unknown>): Record<string, string> {
	const result = helpFrontmatter.safeParse(data);
	if (result.success) return {};
	return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}
const without = (key: keyof typeof valid) =>
	Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key));

describe('help article frontmatter', () => {
	it('accepts a complete article, reading a YAML date or a string date and defaulting related', () => {
		expect(helpFrontmatter.parse(valid).updated).toEqual(new Date('2026-12-06'));
		const { related: _, ...rest } = valid;
		expect(helpFrontmatter.parse({ ...rest, updated: '2026-12-06' })).toMatchObject({
			related: [],
			updated: new Date('2026-12-06'),
		});
	});

	it.each([
		['title', 'title is required: add `title: Install a modpack` (text of at most 70 characters)'],
		[
			'description',
			'description is required: add `description: Pick a modpack …` (text of 80 to 160 characters)',
		],
		['category', 'category is required: write the name of the topic folder'],
		['games', 'games is required: add `games: [minecraft]`'],
		['order', 'order is required: add `order: 3`'],
		['popular', 'popular is required: add `popular: false`'],
		['updated', 'updated is required: add `updated: 2026-12-07` (YYYY-MM-DD'],
	] as const)('says how to add a missing %s', (key, message) => {
		expect(messages(without(key))[key]).toContain(message);
	});

	it('says what is wrong with a value and how to write it', () => {
		const found = messages({
			...valid,
			title: 'x'.repeat(71),
			description: 'Too short.',
			category: 'minecarft',
			games: ['minecraft', 'mincraft'],
			order: 0,
			popular: 'yes',
			updated: 'last week',
			related: ['Minecraft connect'],
		});
		expect(found).toEqual({
			title: 'title is longer than 70 characters: shorten it',
			description:
				'description is shorter than 80 characters: write one or two sentences (80 to 160 characters) saying what the reader will do',
			category: expect.stringContaining(
				'category "minecarft" is not a topic: write the name of the topic folder the file lives in (`category: minecraft`), one of vps, billing, account, minecraft',
			),
			'games.1': expect.stringContaining('games lists "mincraft", which is no game: use game ids'),
			order: 'order must be 1 or more: 1 is shown first in its topic',
			popular:
				'popular must be true or false; true lists it under "Popular articles": write it as `popular: false`',
			updated: 'updated must be a date written YYYY-MM-DD: write it as `updated: 2026-12-07`',
			'related.0': expect.stringContaining(
				'related lists "Minecraft connect": write an article as <topic>/<slug>',
			),
		});
	});

	it('refuses more than six related articles and an unknown, misspelt field', () => {
		expect(messages({ ...valid, related: Array(7).fill('minecraft/x') }).related).toBe(
			'related lists more than 6 articles: keep the 6 most useful',
		);
		expect(messages({ ...valid, popluar: true })['']).toBe(
			'unknown field popluar: check the spelling or remove it (the fields are title, description, category, games, order, popular, updated, related)',
		);
	});
});
