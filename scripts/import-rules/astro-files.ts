import { filesUnder, importsOf, readSource } from './imports.ts';

/**
 * The server-only rule of `.dependency-cruiser.cjs`, for the files dependency-cruiser cannot read:
 * `.astro` components and layouts. A component's frontmatter runs on the server, but the rule is
 * about layers, not only about bundles: routes (`src/pages`) wire the server to what they render,
 * and a component receives values as props. So a component's frontmatter may import a server
 * module's types (erased before anything runs: the shape of the props it is handed) and no value
 * from it; a `<script>` is browser code and imports nothing of the server at all. docs/README.md,
 * "Decisions".
 */

const shared = ['src/components', 'src/layouts'];
const isServer = (target: string) => /^(src\/)?server(\/|$)/.test(target);

/** The frontmatter (between the opening `---` lines) and each `<script>` body of an .astro file. */
export function astroParts(source: string): { frontmatter: string; scripts: string[] } {
	const fence = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source);
	const scripts = [...source.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
	return { frontmatter: fence?.[1] ?? '', scripts };
}

/** Each import of the server in a shared .astro file the rule refuses. */
export function astroServerImports(root: string): string[] {
	const problems: string[] = [];
	for (const file of shared.flatMap((dir) => filesUnder(root, dir, (n) => n.endsWith('.astro')))) {
		const { frontmatter, scripts } = astroParts(readSource(root, file));
		for (const { spec, target, typeOnly } of importsOf(root, file, frontmatter))
			if (isServer(target) && !typeOnly)
				problems.push(`${file} imports a value from '${spec}': hand it in as a prop from the page`);
		for (const script of scripts)
			for (const { spec, target } of importsOf(root, file, script))
				if (isServer(target)) problems.push(`${file} <script> imports '${spec}': browser code`);
	}
	return problems.sort();
}
