// Lets TypeScript files (tests rendering pages through Astro's container API) import .astro
// components; Astro's own client types no longer declare the module.
declare module '*.astro' {
	import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
	const component: AstroComponentFactory;
	export default component;
}

declare namespace App {
	interface Locals {
		locale: import('./i18n/locales').Locale;
		supabase?: import('./server/supabase/request-client').RequestClient;
		user?: import('@supabase/supabase-js').User;
		/** The client's real address, resolved by the site server (trusted proxies applied). */
		clientAddress?: string;
		/** This request's id, on its log lines and in `X-Request-Id` (server/request-scope.ts). */
		requestId?: string;
		/** A member of staff on /staff and /api/staff, set by the staff door (src/server/staff/door.ts). */
		staff?: import('./server/staff/door').Staff;
	}
}

/** This build's id (scripts/build-version.ts), also served as /builds/latest.json. */
declare const __BUILD_ID__: string;
