/**
 * The help centre's content rules, checked at build. English is the source: an article may exist
 * in English alone (the other locales show it with a notice until translated), but a translation
 * needs its English original at the same path, an article lives in the folder of its category,
 * and every internal link, related article and image points at something that exists. Each problem
 * names the file and says what to change: editors, not developers, read them.
 */
export interface HelpFile {
	/** `<locale>/<topic>/<slug>` as the content loader names it. */
	id: string;
	category: string;
	body: string;
	/** `<topic>/<slug>` of the articles shown under "Related articles". */
	related: string[];
}

export interface HelpCheckOptions {
	/** Whether `public/<path>` is a file, for a root-relative image path such as `/images/help/x.png`. */
	publicFileExists: (path: string) => boolean;
}

const sitePages = new Set([
	'/',
	'/games',
	'/vps-hosting',
	'/about',
	'/affiliate',
	'/privacy-policy',
	'/terms-of-service',
	'/help',
	'/cart',
	'/login',
	'/register',
	'/forgot-password',
	'/panel',
	'/panel/account/profile',
]);

const imageHome = 'public/images/help/<topic>/';
const imageExample = '/images/help/minecraft/modpacks-tab.png';

/** `![alt](src)` and `<img … src="…">` (with its alt, if any) in an article's MDX. */
function images(body: string): { src: string; alt: string | undefined }[] {
	const markdown = [...body.matchAll(/!\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)].map(
		([, alt = '', src = '']) => ({ src, alt }),
	);
	const html = [...body.matchAll(/<img\b[^>]*>/gi)].map(([tag]) => ({
		src: /\ssrc\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1] ?? '',
		alt: /\salt\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1],
	}));
	return [...markdown, ...html];
}

function safeDecode(path: string): string {
	try {
		return decodeURI(path);
	} catch {
		return path;
	}
}

function imageProblem(
	src: string,
	alt: string | undefined,
	exists: (path: string) => boolean,
): string | undefined {
	if (!src.startsWith('/') || src.startsWith('//') || src.includes('..'))
		return `image "${src}" is not a file of this site: put it in ${imageHome} and write its path from public/, e.g. ${imageExample}`;
	const path = src.split(/[?#]/)[0]!;
	if (!exists(safeDecode(path)))
		return `image ${src} does not exist: add the file public${path}, or correct the path (images live in ${imageHome})`;
	if (!alt?.trim())
		return `image ${src} has no description: write what it shows for readers who cannot see it, as ![The Modpacks tab](${src})`;
	return undefined;
}

function linkFine(target: string, english: Set<string>, topics: Set<string>): boolean {
	const article = /^\/help\/articles\/(.+)$/.exec(target)?.[1];
	if (article) return english.has(article);
	const category = /^\/help\/categories\/([^/]+)$/.exec(target)?.[1];
	if (category) return topics.has(category);
	return sitePages.has(target) || /^\/[a-z0-9-]+-server-hosting$/.test(target);
}

export function helpProblems(
	files: HelpFile[],
	locales: readonly string[],
	{ publicFileExists }: HelpCheckOptions,
): string[] {
	const problems: string[] = [];
	const english = new Set(files.filter((f) => f.id.startsWith('en/')).map((f) => f.id.slice(3)));
	const topics = new Set([...english].map((slug) => slug.split('/')[0]!));
	for (const file of files) {
		const [locale = '', topic = '', ...rest] = file.id.split('/');
		const slug = [topic, ...rest].join('/');
		const path = `content/help/${file.id}.mdx`;
		const problem = (text: string) => problems.push(`${path}: ${text}`);
		if (!locales.includes(locale))
			problem(
				`"${locale}" is no language of the site: move the file into content/help/<language>/, one of ${locales.join(', ')}`,
			);
		else if (locale !== 'en' && !english.has(slug))
			problem(
				`a translation without an English original: write content/help/en/${slug}.mdx first, or rename this file to the path of the English article it translates`,
			);
		for (const target of file.related)
			if (!english.has(target))
				problem(
					`related article ${target} does not exist: write it as <topic>/<slug> of a file in content/help/en/, or remove it from related`,
				);
		if (file.category !== topic)
			problem(
				`category "${file.category}" does not match its folder "${topic}": write \`category: ${topic}\`, or move the file to content/help/${locale}/${file.category}/`,
			);
		for (const [, target = ''] of file.body.matchAll(/(?<!!)\[[^\]]*\]\((\/[^)\s#?]*)/g))
			if (!linkFine(target, english, topics))
				problem(
					`broken link to ${target}: link to /help/articles/<topic>/<slug> of a file in content/help/en/, /help/categories/<topic>, or a page of the site`,
				);
		for (const { src, alt } of images(file.body)) {
			const text = imageProblem(src, alt, publicFileExists);
			if (text) problem(text);
		}
	}
	return problems;
}
