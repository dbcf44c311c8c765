import { stringify } from 'yaml';
import { games } from '../../src/lib/games';
import { helpTopics, nonGameTopics } from '../../src/lib/help-topics';
import { alternatePaths } from '../../src/i18n/paths';

/**
 * What `npm run new:article` writes: the frontmatter and skeleton of a new English help article,
 * within the limits of the help collection's schema (src/content.config.ts), so the file it writes
 * builds as it is. Pure; scripts/new-article.ts reads the folder and writes the file.
 */
export interface ArticleRequest {
	topic: string;
	slug: string;
	title: string;
	description?: string;
	/** Game ids; default: the topic itself for a game topic, none for vps, billing and account. */
	games?: string[];
	order: number;
	/** The day the article is written (UTC), its `updated` date. */
	today: Date;
}

export const TITLE_MAX = 70;
export const DESCRIPTION_MIN = 80;
export const DESCRIPTION_MAX = 160;
export const SLUG_MAX = 80;

/** The description written when none is given: within the schema's length, saying it is a draft. */
export const DRAFT_DESCRIPTION =
	'Draft: say in 80 to 160 characters what this article helps a reader do; lists and search results show it.';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A URL-safe slug from any text: `Palworld update: what to do` → `palworld-update-what-to-do`. */
export function slugify(text: string): string {
	return text
		.toLowerCase()
		.replace(/æ/g, 'ae')
		.replace(/ø/g, 'o')
		.replace(/ß/g, 'ss')
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, SLUG_MAX)
		.replace(/-+$/, '');
}

/** Every reason the request cannot become an article, each saying what to write instead. */
export function requestProblems(request: Omit<ArticleRequest, 'order' | 'today'>): string[] {
	const problems: string[] = [];
	if (!helpTopics.includes(request.topic))
		problems.push(`Unknown topic "${request.topic}". Topics: ${helpTopics.join(', ')}.`);
	if (!SLUG.test(request.slug) || request.slug.length > SLUG_MAX) {
		const suggestion = slugify(request.slug || request.title);
		problems.push(
			`The slug "${request.slug}" is not usable in a URL: lowercase letters a-z, digits and single hyphens, at most ${SLUG_MAX} characters.` +
				(suggestion ? ` Use --slug ${suggestion}` : ''),
		);
	}
	const title = request.title.trim();
	if (!title) problems.push('The title is empty: give one with --title "…".');
	else if (title.length > TITLE_MAX)
		problems.push(
			`The title is ${title.length} characters; at most ${TITLE_MAX} (it is the page heading and the search result). Shorten it.`,
		);
	const description = request.description?.trim();
	if (
		description !== undefined &&
		(description.length < DESCRIPTION_MIN || description.length > DESCRIPTION_MAX)
	)
		problems.push(
			`The description is ${description.length} characters; write ${DESCRIPTION_MIN} to ${DESCRIPTION_MAX} (lists and search results show it), or leave --description out and write it in the file.`,
		);
	const gameIds = games.map((game) => game.id);
	for (const game of request.games ?? [])
		if (!gameIds.includes(game))
			problems.push(`Unknown game "${game}" in --games. Games: ${gameIds.join(', ')}.`);
	return problems;
}

const scalar = (value: string) => stringify(value, { lineWidth: 0 }).trimEnd();

/** The file's text: frontmatter the schema accepts, then a short skeleton for the editor to fill. */
export function articleText(request: ArticleRequest): string {
	const isGame = !(nonGameTopics as readonly string[]).includes(request.topic);
	const gameIds = request.games ?? (isGame ? [request.topic] : []);
	return [
		'---',
		`title: ${scalar(request.title.trim())}`,
		`description: ${scalar(request.description?.trim() ?? DRAFT_DESCRIPTION)}`,
		`category: ${request.topic}`,
		`games: [${gameIds.join(', ')}]`,
		`order: ${request.order}`,
		'popular: false',
		`updated: ${request.today.toISOString().slice(0, 10)}`,
		'related: []',
		'---',
		'Draft intro: one or two sentences on what this article helps the reader do and what they need first.',
		'',
		'## First step',
		'',
		'1. Draft step: what to click, with **bold** for labels as the customer panel shows them.',
		'',
	].join('\n');
}

/** Where the article shows up: its path in each locale, English first. */
export function articlePaths(topic: string, slug: string): string[] {
	return alternatePaths(`/help/articles/${topic}/${slug}`).map((entry) => entry.path);
}
