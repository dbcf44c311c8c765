/**
 * The Content-Security-Policy every page gets (Astro's `security.csp`). Astro adds the hash of each
 * script it renders, so only the site's own scripts run: no inline script an attacker could slip
 * into a page, no script from another origin. Styles allow inline because build-time highlighting
 * (help articles) and the game cards' colours are style attributes, which cannot be hashed.
 * Origins of a live chat or gateway configured at run time are added per response by the
 * middleware (`src/server/http/csp-origins.ts`). No imports: astro.config.mjs loads this file.
 */
export const contentSecurityPolicy = {
	scriptDirective: {
		// Pagefind's search index is WebAssembly, which browsers compile only with this keyword.
		resources: ["'self'", "'wasm-unsafe-eval'"],
	},
	styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
	directives: [
		"default-src 'self'",
		"img-src 'self' data:",
		"object-src 'none'",
		"base-uri 'self'",
		"frame-ancestors 'none'",
	],
};
