import { z } from 'zod';
import { games } from '../games';
import { helpTopics } from '../help-topics';

/**
 * The frontmatter of a help article (`content/help/<locale>/<topic>/<slug>.mdx`). Editors, not
 * developers, read these messages: Astro prints each under the file's path, so every one says what
 * to write. Unknown keys fail too, so a misspelt `popluar:` is not silently ignored.
 */
const fields = [
	'title',
	'description',
	'category',
	'games',
	'order',
	'popular',
	'updated',
	'related',
];
const gameIds = games.map((game) => game.id);

/** A value as the editor wrote it, quoted. */
const shown = (value: unknown) => JSON.stringify(value) ?? String(value);

/** "is required: add `key: example`" when the key is absent, "must be …" otherwise. */
const required = (key: string, example: string, rule: string) => (issue: { input?: unknown }) =>
	issue.input === undefined
		? `${key} is required: add \`${key}: ${example}\` (${rule})`
		: `${key} must be ${rule}: write it as \`${key}: ${example}\``;

const title = z
	.string({ error: required('title', 'Install a modpack', 'text of at most 70 characters') })
	.trim()
	.min(1, { error: 'title is empty: write the article’s heading after `title:`' })
	.max(70, { error: 'title is longer than 70 characters: shorten it' });

const description = z
	.string({
		error: required('description', 'Pick a modpack …', 'text of 80 to 160 characters'),
	})
	.trim()
	.min(80, {
		error:
			'description is shorter than 80 characters: write one or two sentences (80 to 160 characters) saying what the reader will do',
	})
	.max(160, { error: 'description is longer than 160 characters: shorten it' });

const category = z.enum(helpTopics, {
	error: (issue) =>
		`category ${issue.input === undefined ? 'is required' : `${shown(issue.input)} is not a topic`}: write the name of the topic folder the file lives in (\`category: minecraft\`), one of ${helpTopics.join(', ')}`,
});

const gameIdList = z.array(
	z.enum(gameIds, {
		error: (issue) =>
			`games lists ${shown(issue.input)}, which is no game: use game ids (${gameIds.join(', ')})`,
	}),
	{
		error: required(
			'games',
			'[minecraft]',
			'a list of game ids; `[]` for billing, account and VPS',
		),
	},
);

const order = z
	.number({ error: required('order', '3', 'a whole number from 1, the position in its topic') })
	.int({ error: 'order must be a whole number (1, 2, 3 …): the position in its topic' })
	.min(1, { error: 'order must be 1 or more: 1 is shown first in its topic' });

const popular = z.boolean({
	error: required('popular', 'false', 'true or false; true lists it under "Popular articles"'),
});

// Coercion turns an absent date into an invalid one, so absence is caught before it.
const updated = z
	.unknown()
	.refine((value) => value !== undefined, {
		error:
			'updated is required: add `updated: 2026-12-07` (YYYY-MM-DD, the date of the last change in substance)',
		abort: true,
	})
	.pipe(
		z.coerce.date({
			error: 'updated must be a date written YYYY-MM-DD: write it as `updated: 2026-12-07`',
		}),
	);

const related = z
	.array(
		z
			.string({
				error:
					'related lists articles as <topic>/<slug>, e.g. `- minecraft/connect-to-your-server`',
			})
			.regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, {
				error: (issue) =>
					`related lists ${shown(issue.input)}: write an article as <topic>/<slug>, its path under content/help/en/ without .mdx (e.g. minecraft/connect-to-your-server)`,
			}),
		{ error: 'related must be a list: one `- <topic>/<slug>` per line, or `related: []`' },
	)
	.max(6, { error: 'related lists more than 6 articles: keep the 6 most useful' })
	.default([]);

export const helpFrontmatter = z.strictObject(
	{ title, description, category, games: gameIdList, order, popular, updated, related },
	{
		error: (issue) =>
			issue.code === 'unrecognized_keys'
				? `unknown field ${issue.keys.join(', ')}: check the spelling or remove it (the fields are ${fields.join(', ')})`
				: 'the frontmatter is missing: start the file with the fields between two `---` lines (see content/help/README.md)',
	},
);

export type HelpFrontmatter = z.infer<typeof helpFrontmatter>;
