import { relative } from 'node:path';
import type { Plugin } from 'vite';

/**
 * What the storefront's JavaScript may hold. A visitor choosing a server waits for every byte, so
 * validation libraries written for the server (full zod and the like, tens of KB) stay on the
 * server: the browser checks with small predicates or `zod/mini`. The client build fails when a
 * storefront entry reaches one (storefrontBundleGuard, in astro.config.mjs), and a browser test
 * holds a game page to the byte budget (tests/e2e/storefront-weight.test.ts, the figure
 * `npm run bench` prints).
 */

/** Brotli JavaScript a game page may ship, React included. */
export const gamePageJsBudget = 70 * 1024;

/** Modules of server validation libraries; zod's core and `zod/mini` are small and allowed. */
export const serverValidationModules: readonly RegExp[] = [
	/\/node_modules\/zod\/(v3|v4\/classic)\//,
	/\/node_modules\/(ajv|ajv-formats|joi|yup|superstruct|io-ts|class-validator)\//,
];

/** Entries of the panel and the staff console, which may use the server's schemas. */
const signedInArea =
	/\/src\/(islands|components|layouts)\/(panel|staff)\/|\/src\/pages\/[^?]*\/(panel|staff)\//;

export interface ChunkFacts {
	fileName: string;
	isEntry: boolean;
	facadeModuleId: string | null;
	moduleIds: readonly string[];
	imports: readonly string[];
	dynamicImports: readonly string[];
}

const shown = (id: string, root: string) => relative(root, id.replace(/\?.*$/, ''));
const isForbidden = (id: string) => serverValidationModules.some((pattern) => pattern.test(id));
const isDependency = (id: string) => id.includes('/node_modules/');

/** Whether a module is, or leads through dependencies to, a server validation library. */
function leadsToForbidden(importedIds: (id: string) => readonly string[]) {
	const known = new Map<string, boolean>();
	const visit = (id: string): boolean => {
		if (isForbidden(id)) return true;
		if (!isDependency(id)) return false;
		if (known.has(id)) return known.get(id)!;
		known.set(id, false);
		const leads = importedIds(id).some(visit);
		known.set(id, leads);
		return leads;
	};
	return visit;
}

/**
 * Every storefront entry that reaches a server validation library, with the project's modules
 * that import it (`importedIds` says what a module imports), one line each.
 */
export function serverValidationInStorefront(
	chunks: readonly ChunkFacts[],
	importedIds: (id: string) => readonly string[],
	root: string,
): string[] {
	const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
	const leads = leadsToForbidden(importedIds);
	const problems: string[] = [];
	for (const entry of chunks) {
		if (!entry.isEntry || !entry.facadeModuleId || signedInArea.test(entry.facadeModuleId))
			continue;
		const reached = new Set<string>();
		const queue = [entry.fileName];
		while (queue.length) {
			const chunk = byName.get(queue.shift()!);
			if (!chunk || reached.has(chunk.fileName)) continue;
			reached.add(chunk.fileName);
			queue.push(...chunk.imports, ...chunk.dynamicImports);
		}
		const modules = [...reached].flatMap((name) => byName.get(name)!.moduleIds);
		if (!modules.some(isForbidden)) continue;
		const culprits = modules.filter((id) => !isDependency(id) && importedIds(id).some(leads));
		problems.push(
			`${shown(entry.facadeModuleId, root)} ships a server validation library; the project's modules that import one: ${
				culprits.map((id) => shown(id, root)).join(', ') || 'a dependency'
			}`,
		);
	}
	return problems;
}

/** Fails the client build when a storefront entry reaches a server validation library. */
export function storefrontBundleGuard(root: string = process.cwd()): Plugin {
	return {
		name: 'frostnode:storefront-bundle-guard',
		apply: 'build',
		applyToEnvironment: (environment) => environment.name === 'client',
		generateBundle(_options, bundle) {
			// A module the bundler shook down to nothing is listed but ships no code.
			const chunks = Object.values(bundle).flatMap((output) =>
				output.type === 'chunk'
					? [
							{
								...output,
								moduleIds: output.moduleIds.filter(
									(id) => (output.modules[id]?.renderedLength ?? 1) > 0,
								),
							},
						]
					: [],
			);
			const problems = serverValidationInStorefront(
				chunks,
				(id) => {
					const info = this.getModuleInfo(id);
					return info ? [...info.importedIds, ...info.dynamicallyImportedIds] : [];
				},
				root,
			);
			if (problems.length)
				this.error(
					`Storefront JavaScript must leave the server's validation libraries out (check in the browser with predicates or zod/mini):\n  ${problems.join('\n  ')}`,
				);
		},
	};
}
