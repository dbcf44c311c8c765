/** Fills `{name}` placeholders in a string an island received; unknown names stay visible. */
export function fill(template: string, vars: Record<string, string | number>): string {
	return template.replace(/\{(\w+)\}/g, (match, name: string) =>
		name in vars ? String(vars[name]) : match,
	);
}

/** Picks `_one` or `_other` of a plural pair for a count (the four site languages need no more). */
export function plural(one: string, other: string, count: number): string {
	return fill(count === 1 ? one : other, { count });
}
