import type { AuthContext } from './context.ts';

// GoTrue's redirect allow-list: a redirect_to is honoured when its host is the site URL's host or it
// matches an entry of additional_redirect_urls (globs with * and **); anything else falls back to
// the site URL, so an e-mail link can never send a user to a foreign site.

function globToRegExp(pattern: string): RegExp {
	let source = '';
	for (let i = 0; i < pattern.length; i += 1) {
		const char = pattern[i] as string;
		if (char === '*' && pattern[i + 1] === '*') {
			source += '.*';
			i += 1;
		} else if (char === '*') {
			source += '[^/.]*';
		} else {
			source += char.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
		}
	}
	return new RegExp(`^${source}$`);
}

export function isAllowedRedirect(ctx: AuthContext, candidate: string): boolean {
	let url: URL;
	try {
		url = new URL(candidate);
	} catch {
		return false;
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
	if (url.hostname === new URL(ctx.settings.siteUrl).hostname) return true;
	return ctx.settings.additionalRedirectUrls.some((pattern) =>
		globToRegExp(pattern).test(candidate),
	);
}

/** The redirect to use: the requested one when allowed, else the site URL. */
export function resolveRedirect(ctx: AuthContext, requested: string | null | undefined): string {
	if (requested && isAllowedRedirect(ctx, requested)) return requested;
	return ctx.settings.siteUrl;
}
