/**
 * Module rules for `npm run lint:deps` (dependency-cruiser): the one home of the import rules
 * between folders. Each rule says why it exists; `npx depcruise --help` for the options.
 */
module.exports = {
	forbidden: [
		{
			name: 'no-circular',
			severity: 'error',
			comment:
				'An import cycle makes load order decide what a module sees (undefined at start-up) and ties ' +
				'the modules on it into one: break it by moving the shared part into a module of its own. ' +
				'Type-only imports count too. Tests may import in circles: nothing imports them.',
			from: { pathNot: '\\.test\\.tsx?$' },
			to: { circular: true },
		},
		{
			name: 'server-only',
			severity: 'error',
			comment:
				'Browser code, pure logic and the components pages share must never pull in server-only ' +
				'modules (src/server, server/: service keys, gateways): only routes wire the server to what they render.',
			from: { path: '^src/(islands|stores|lib|components)/' },
			to: { path: '^(src/)?server/' },
		},
	],
	options: {
		doNotFollow: { path: 'node_modules' },
		exclude: { path: '^(node_modules|dist|\\.astro|supabase/\\.data)/' },
		// `import type` counts: a cycle of types is still one module graph to read and to change.
		tsPreCompilationDeps: true,
		tsConfig: { fileName: 'tsconfig.json' },
		enhancedResolveOptions: {
			exportsFields: ['exports'],
			conditionNames: ['import', 'require', 'node', 'default', 'types'],
			extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.astro', '.json'],
		},
	},
};
