/**
 * The help centre's content rules, checked at build: every English article exists in every locale
 * at the same path and nothing else does, an article lives in the folder of its category, and every
 * internal link and related article points at a page that exists.
 */
export interface HelpFile {
	/** `<locale>/<topic>/<slug>` as the content loader names it. */
	id: string;
	category: string;
	body: string;
	/** `<topic>/<slug>` of the articles shown under "Related articles". */
	related: string[];
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

export function helpProblems(files: HelpFile[], locales: readonly string[]): string[] {
	const problems: string[] = [];
	const english = new Set(files.filter((f) => f.id.startsWith('en/')).map((f) => f.id.slice(3)));
	const topics = new Set([...english].map((slug) => slug.split('/')[0]));
	for (const file of files) {
		const [locale = '', topic = '', ...rest] = file.id.split('/');
		const slug = [topic, ...rest].join('/');
		const path = `content/help/${file.id}.mdx`;
		if (!locales.includes(locale)) problems.push(`${path}: unknown locale folder "${locale}"`);
		else if (locale !== 'en' && !english.has(slug))
			problems.push(
				`${path}: a translation without an English original (content/help/en/${slug}.mdx)`,
			);
		for (const target of file.related)
			if (!english.has(target)) problems.push(`${path}: related article ${target} does not exist`);
		if (file.category !== topic)
			problems.push(`${path}: category "${file.category}" does not match its folder "${topic}"`);
		for (const [, target = ''] of file.body.matchAll(/\]\((\/[^)\s#?]*)/g)) {
			const article = /^\/help\/articles\/(.+)$/.exec(target)?.[1];
			const category = /^\/help\/categories\/([^/]+)$/.exec(target)?.[1];
			const fine = article
				? english.has(article)
				: category
					? topics.has(category)
					: sitePages.has(target) || /^\/[a-z0-9-]+-server-hosting$/.test(target);
			if (!fine) problems.push(`${path}: broken link to ${target}`);
		}
	}
	const present = new Set(files.map((file) => file.id));
	for (const locale of locales.filter((code) => code !== 'en'))
		for (const slug of english)
			if (!present.has(`${locale}/${slug}`))
				problems.push(
					`content/help/${locale}/${slug}.mdx: missing, a translation of content/help/en/${slug}.mdx`,
				);
	return problems;
}
