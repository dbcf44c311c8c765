/**
 * What an editor reads when Astro cannot load a help article: the file, as its path in the
 * repository, and what to do. Astro's own words stay; these add the file and the fix.
 */

/** `content/help/en/x/y.mdx` from an absolute or relative path of the file. */
export function contentPath(file: string): string {
	const posix = file.replaceAll('\\', '/');
	const at = posix.lastIndexOf('content/help/');
	return at >= 0 ? posix.slice(at) : posix;
}

/** The hint under Astro's schema error ("**title**: title is required: …"), naming the file. */
export function schemaHint(file: string): string {
	return `Fix the frontmatter of ${contentPath(file)} (the fields between the two --- lines at its top): each line above names a field and what to write. content/help/README.md lists every field.`;
}

/** A frontmatter that is no valid YAML, usually a title holding ": ". */
export function yamlMessage(file: string, reason: string, line: number | undefined): string {
	const where = line === undefined ? contentPath(file) : `${contentPath(file)}, line ${line}`;
	return `${where}: the frontmatter is not valid YAML (${reason}). A value that holds ": " or " #", or starts with a quote, [, {, &, *, !, |, >, %, @ or \`, goes in double quotes: title: "Palworld update broke your server: do this"`;
}
