// Lets TypeScript files (tests rendering pages through Astro's container API) import .astro
// components; Astro's own client types no longer declare the module.
declare module '*.astro' {
	import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
	const component: AstroComponentFactory;
	export default component;
}
