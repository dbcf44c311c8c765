/**
 * `npm run translations`: the help articles whose Norwegian, Danish or German translation is
 * missing or out of date, each with the file to create or edit and its English source, then one
 * summary line. `--json` prints the whole status instead; `--content <dir>` reads another copy of
 * the articles (default `content/help`, relative to the working directory). It reports and never
 * judges: exit 0 whatever the state, 1 only when the folder cannot be read. docs/help-translations.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { z } from 'zod';
import {
	translatedLocales,
	translationStatus,
	type HelpFileDate,
	type TranslationStatus,
} from '../src/lib/help-translation-status.ts';

const usage = 'Usage: npm run translations [-- --json] [-- --content <dir>]';

// Only what the status needs; the build checks the rest of the frontmatter and names the fix.
const frontmatter = z.object({ title: z.string().trim().min(1), updated: z.coerce.date() });

const folders = (dir: string) =>
	readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory());

/** `<root>/<locale>/<topic>/<slug>.mdx`, as the content loader reads them; unreadable ones are named. */
function readHelpFiles(root: string): { files: HelpFileDate[]; skipped: string[] } {
	const files: HelpFileDate[] = [];
	const skipped: string[] = [];
	for (const locale of folders(root))
		for (const topic of folders(join(root, locale.name)))
			for (const name of readdirSync(join(root, locale.name, topic.name))) {
				if (!name.endsWith('.mdx')) continue;
				const path = join(root, locale.name, topic.name, name);
				const block = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(readFileSync(path, 'utf8'));
				let data: unknown;
				try {
					data = block ? parse(block[1]!) : undefined;
				} catch {
					data = undefined;
				}
				const parsed = frontmatter.safeParse(data);
				if (!parsed.success) skipped.push(path);
				else
					files.push({
						locale: locale.name,
						slug: `${topic.name}/${name.slice(0, -'.mdx'.length)}`,
						...parsed.data,
					});
			}
	return { files, skipped };
}

function report(status: TranslationStatus): string[] {
	const lines = status.articles.flatMap((article) =>
		translatedLocales.flatMap((locale) => {
			const { state, file } = article.locales[locale];
			if (state === 'current') return [];
			const verb = state === 'missing' ? 'create' : 'edit  ';
			return [`${state.padEnd(8)}  ${locale}  ${verb} ${file}  from ${article.english}`];
		}),
	);
	const { current, outdated, missing } = status.summary;
	const count = status.articles.length;
	const scope = `${count} ${count === 1 ? 'article' : 'articles'} × ${translatedLocales.length} locales`;
	return [
		...lines,
		`Translations: ${current} current, ${outdated} outdated, ${missing} missing (${scope})`,
	];
}

let options;
try {
	options = parseArgs({
		options: { json: { type: 'boolean' }, content: { type: 'string', default: 'content/help' } },
	}).values;
} catch (error) {
	console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
	process.exit(2);
}
const root = options.content.replace(/(.)\/+$/, '$1');
let read;
try {
	read = readHelpFiles(root);
} catch (error) {
	console.error(
		`Cannot read the help articles in ${root}: ${error instanceof Error ? error.message : String(error)}`,
	);
	process.exit(1);
}
for (const path of read.skipped)
	console.error(
		`${path}: skipped, its frontmatter has no valid title or updated date (npm run build names the fix)`,
	);
const status = translationStatus(read.files, root);
console.log(options.json ? JSON.stringify(status, null, 2) : report(status).join('\n'));
