/**
 * `npm run new:article -- --topic <topic> --slug <slug> --title "<title>"` (optional `--description`,
 * `--games a,b`, `--order n`, `--content <dir>`, default content/help) writes the English article
 * content/help/en/<topic>/<slug>.mdx with frontmatter the build accepts, never over an existing file,
 * and prints where it will show up. Bad input is refused with the fix and exit code 1, writing
 * nothing. A slug that is not URL-safe is refused with a suggested one rather than changed silently:
 * the slug is the article's address for good. The editors' guide: docs/help-editors.md.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import {
	DRAFT_DESCRIPTION,
	articlePaths,
	articleText,
	requestProblems,
} from './new-article/article.ts';

const usage =
	'Usage: npm run new:article -- --topic <topic> --slug <slug> --title "<title>" [--description "<80 to 160 characters>"] [--games <id,id>] [--order <n>] [--content <dir>]';

function refuse(...lines: string[]): never {
	console.error(lines.join('\n'));
	process.exit(1);
}

let parsed;
try {
	parsed = parseArgs({
		options: {
			topic: { type: 'string', default: '' },
			slug: { type: 'string', default: '' },
			title: { type: 'string', default: '' },
			description: { type: 'string' },
			games: { type: 'string' },
			order: { type: 'string' },
			content: { type: 'string', default: 'content/help' },
		},
	});
} catch (error) {
	refuse(error instanceof Error ? error.message : String(error), usage);
}
const { values } = parsed;
if (!values.topic || !values.slug || !values.title)
	refuse('--topic, --slug and --title are all needed.', usage);

const request = {
	topic: values.topic,
	slug: values.slug,
	title: values.title,
	description: values.description,
	games: values.games
		?.split(',')
		.map((id) => id.trim())
		.filter(Boolean),
};
const problems = requestProblems(request);
if (values.order !== undefined && !/^[1-9]\d*$/.test(values.order))
	problems.push(`--order must be a whole number from 1, not "${values.order}".`);
if (problems.length) refuse(...problems);

const english = join(values.content, 'en');
if (!existsSync(english))
	refuse(
		`${english} does not exist: run this from the repository's root, or pass --content <dir>.`,
	);
const folder = join(english, request.topic);
const file = join(folder, `${request.slug}.mdx`);
const inside = relative(process.cwd(), file);
const shown = inside.startsWith('..') ? file : inside;
if (existsSync(file)) refuse(`${shown} already exists; nothing was written. Pick another --slug.`);

/** The next free position in the topic: after the last article's `order`. */
async function nextOrder(): Promise<number> {
	const names = await readdir(folder).catch(() => []);
	let last = 0;
	for (const name of names.filter((entry) => entry.endsWith('.mdx'))) {
		const text = await readFile(join(folder, name), 'utf8');
		const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
		const order: unknown = (parse(frontmatter) as { order?: unknown } | null)?.order;
		if (typeof order === 'number' && order > last) last = order;
	}
	return last + 1;
}

const order = values.order ? Number(values.order) : await nextOrder();
await mkdir(folder, { recursive: true });
// `wx`: should the file appear meanwhile, this fails instead of overwriting it.
await writeFile(file, articleText({ ...request, order, today: new Date() }), { flag: 'wx' });

const [englishPath, ...translated] = articlePaths(request.topic, request.slug);
console.log(
	[
		`Wrote ${shown}`,
		'',
		'It shows up at (after a build, or at once with npm run dev on http://localhost:4321):',
		`  ${englishPath}`,
		...translated.map((path) => `  ${path}   (the English text with a notice, until translated)`),
		'',
		'Next:',
		`  1. Write the article in ${shown}: replace the draft intro and steps` +
			(request.description === undefined
				? `, and the description ("${DRAFT_DESCRIPTION.slice(0, 30)}…") with 80 to 160 characters of your own.`
				: '.'),
		'  2. Preview it: npm run dev, then open the address above.',
		'  3. Commit it and open a pull request. npm run translations lists it as missing in no, da, de.',
		'  Guide: docs/help-editors.md',
	].join('\n'),
);
