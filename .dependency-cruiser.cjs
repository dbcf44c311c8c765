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
				'Browser code and pure logic must never pull in server-only modules (src/server, server/: ' +
				'service keys, gateways), not even their types: only routes wire the server to what they ' +
				'render. Shared components: components-take-props.',
			from: { path: '^src/(islands|stores|lib)/' },
			to: { path: '^(src/)?server/' },
		},
		{
			name: 'adapters-import-no-feature',
			severity: 'error',
			comment:
				'An adapter (payment gateway, game panel, hypervisor, DNS, mail, live chat, limit store, modpack source) is ' +
				'a port and its implementations: it may read settings (config), log, use the database ' +
				'clients (supabase) and the RFB protocol (rfb), never a feature folder, or every feature ' +
				'that uses the adapter would sit in one knot with the features it imported (issue 40). ' +
				'What a feature needs from an adapter goes in by parameter or in the adapter itself.',
			from: {
				path: '^src/server/(payments|game-panel|hypervisor|dns|mail|live-chat|rate-limit|modpacks)/',
				pathNot: '\\.test\\.tsx?$',
			},
			to: {
				path: '^src/server/',
				pathNot: '^src/server/($1|config|log|supabase|rfb)/',
			},
		},
		{
			name: 'components-take-props',
			severity: 'error',
			comment:
				'A shared component (src/components) is handed its values as props by the route that ' +
				'renders it: it may import the types of server modules (the shape of its props, erased ' +
				'before anything runs), never a value. The same rule for .astro files, which ' +
				'dependency-cruiser cannot read, is scripts/import-rules/astro-files.ts (docs/README.md).',
			from: { path: '^src/components/' },
			to: { path: '^(src/)?server/', dependencyTypesNot: ['type-only'] },
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
