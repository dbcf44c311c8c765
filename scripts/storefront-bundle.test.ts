import { join } from 'node:path';
import { build, type Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { storefrontBundleGuard } from './storefront-bundle.ts';

// Real client builds of a few modules that exist only here, placed where the site's own would be
// (so `zod` resolves from the project), with the guard the site's build uses.
const root = process.cwd();
const at = (path: string) => join(root, path);

function fixtures(files: Record<string, string>): Plugin {
	return {
		name: 'fixtures',
		enforce: 'pre',
		resolveId: (id, importer) => {
			const path = id.startsWith('.') && importer ? join(importer, '..', id) : id;
			return path in files ? path : null;
		},
		load: (id) => files[id] ?? null,
	};
}

async function clientBuild(files: Record<string, string>, entries: string[]) {
	await build({
		configFile: false,
		logLevel: 'silent',
		root,
		plugins: [fixtures(files), storefrontBundleGuard(root)],
		build: { write: false, rolldownOptions: { input: entries } },
	});
}

// Each island uses what it imports, as a component would (an app build keeps no unused export).
const usesZod = `import { z } from 'zod';\nexport const check = (v) => z.object({ id: z.string() }).safeParse(v).success;`;
const usesMini = `import * as z from 'zod/mini';\nexport const check = (v) => z.object({ id: z.string() }).safeParse(v).success;`;
const run = `document.title = String(check(location.hash));`;

describe('the storefront bundle guard', () => {
	it('fails the build when a storefront island reaches full zod, naming who imports it', async () => {
		const island = at('src/islands/fixture/Island.ts');
		const rule = at('src/lib/fixture-rule.ts');
		const files = {
			[island]: `import { check } from '../../lib/fixture-rule.ts';\n${run}`,
			[rule]: usesZod,
		};
		await expect(clientBuild(files, [island])).rejects.toThrow(
			/src\/islands\/fixture\/Island\.ts ships a server validation library; the project's modules that import one: src\/lib\/fixture-rule\.ts/,
		);
	});

	it('counts what an island loads later (a dynamic import) as shipped', async () => {
		const island = at('src/islands/fixture/Lazy.ts');
		const rule = at('src/lib/fixture-rule.ts');
		const files = {
			[island]: `document.onclick = () => import('../../lib/fixture-rule.ts').then(({ check }) => check(1));`,
			[rule]: usesZod,
		};
		await expect(clientBuild(files, [island])).rejects.toThrow(/Lazy\.ts ships/);
	});

	it('lets a storefront island use zod/mini, and import modules whose schemas it leaves out', async () => {
		const island = at('src/islands/fixture/Mini.ts');
		const shaken = at('src/lib/fixture-shaken.ts');
		const files = {
			[island]: `import { list } from '../../lib/fixture-shaken.ts';\n${usesMini}\n${run} document.body.dataset.list = list.join();`,
			[shaken]: `import { z } from 'zod';\nexport const list = ['a', 'b'];\nexport const schema = /* @__PURE__ */ z.enum(list);`,
		};
		await expect(clientBuild(files, [island])).resolves.toBeUndefined();
	});

	it('lets the panel and the staff console use the server schemas', async () => {
		const panel = at('src/islands/panel/fixture/Panel.ts');
		const staff = at('src/islands/staff/fixture/Staff.ts');
		const files = { [panel]: `${usesZod}\n${run}`, [staff]: `${usesZod}\n${run}` };
		await expect(clientBuild(files, [panel, staff])).resolves.toBeUndefined();
	});
});
