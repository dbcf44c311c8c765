import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { locales } from './src/i18n/locales.ts';
import { localizePath } from './src/i18n/paths.ts';
import { fallbackPaths, sitemapFilter } from './src/lib/help/fallbacks.ts';
import { buildVersion } from './scripts/build-version.ts';
import { pagefindIndex } from './scripts/pagefind.ts';
import { precompress } from './scripts/precompress.ts';
import { storefrontBundleGuard } from './scripts/storefront-bundle.ts';
import { contentSecurityPolicy } from './src/lib/security/csp.ts';

// The public origin, for canonical URLs, hreflang and the sitemap. Operators set PUBLIC_SITE_URL.
const site = process.env.PUBLIC_SITE_URL ?? 'https://frostnode.example';

// Help articles as the content loader names them (`<locale>/<topic>/<slug>`, its `*/*/*.mdx`): the
// pages showing an English article in a locale without its translation stay out of the sitemap,
// their canonical URL being the English page's.
const helpIds = readdirSync(fileURLToPath(new URL('./content/help', import.meta.url)), {
	recursive: true,
	encoding: 'utf8',
})
	.map((file) => file.replaceAll('\\', '/'))
	.filter((file) => /^[^/]+\/[^/]+\/[^/]+\.mdx$/.test(file))
	.map((file) => file.slice(0, -'.mdx'.length));

export default defineConfig({
	site,
	output: 'static',
	// Middleware mode: server/site-server.ts serves the built files (precompressed) and hands the
	// rest to Astro.
	// staticHeaders: each prerendered page's Content-Security-Policy goes to dist/_headers.json, which
	// the site server sends as a header (server/security-headers.ts); on-demand pages get it directly.
	// bodySizeLimit: a backstop only; every route reads its body through its own, smaller cap
	// (src/server/http/body.ts). Astro's default would let a route that forgot read 1 GB.
	adapter: node({ mode: 'middleware', staticHeaders: true, bodySizeLimit: 1024 * 1024 }),
	// Cross-origin writes are refused by the middleware (src/server/http/same-origin.ts), which knows
	// the public origin behind a TLS proxy; Astro's own check would compare against http://.
	security: { csp: contentSecurityPolicy, checkOrigin: false },
	trailingSlash: 'never',
	build: { format: 'directory' },
	prefetch: { prefetchAll: true, defaultStrategy: 'hover' },
	integrations: [
		react(),
		mdx(),
		sitemap({
			i18n: {
				defaultLocale: 'en',
				locales: Object.fromEntries(
					Object.entries(locales).map(([code, info]) => [info.segment || code, info.lang]),
				),
			},
			filter: sitemapFilter(fallbackPaths(helpIds, Object.keys(locales), localizePath)),
			// The editors' translation status (noindex) is no page for search engines.
			serialize: (item) => (/\/help\/translations$/.test(item.url) ? undefined : item),
		}),
		buildVersion(),
		pagefindIndex(),
		// Last, so it compresses what the other integrations wrote.
		precompress(),
	],
	vite: {
		// The storefront's islands ship no server validation library (full zod): the build fails.
		plugins: [tailwindcss(), storefrontBundleGuard()],
		environments: {
			client: {
				build: {
					rollupOptions: {
						// React, its DOM, the island renderer and the stores hook in one file: every page with an island
						// loads all of them, and one file compresses better than three (about 1 KB less
						// brotli on a game page).
						output: {
							codeSplitting: {
								groups: [
									{
										name: 'react',
										test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react|@nanostores[\\/]react)[\\/]/,
									},
									// What the storefront's islands (configurator, cart, checkout) share: one file
									// instead of a dozen of a few hundred bytes each, which brotli compresses apart.
									// Nothing a page without React loads (stores, nanostores) may be in it, since a
									// group takes its modules' imports along.
									{
										name: 'storefront',
										test: /src[\/](islands[\/](use-hydrated|configurator[\/]SubdomainField)|lib[\/](catalogue|money|format-money|fill|pricing|subdomain-shape))/,
									},
								],
							},
						},
					},
				},
			},
		},
		build: {
			// Scripts stay files rather than being inlined into pages: Vite's helper for dynamic
			// import() (the help search loads Pagefind lazily) is not filled in inside inlined scripts.
			assetsInlineLimit: 0,
			rollupOptions: {
				// MDX modules carry Astro's own "use astro:head-inject" marker; the bundler's notice that
				// it may drop it repeats once per page and hides real warnings.
				onwarn(warning, warn) {
					if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('astro:'))
						return;
					warn(warning);
				},
			},
		},
	},
});
