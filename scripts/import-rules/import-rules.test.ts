import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';
import { astroServerImports } from './astro-files.ts';
import { mutualFolders } from './server-folders.ts';

// Each rule is run on the repository (it holds) and on a planted tree (it fails): a check that
// cannot fail would not hold anything.

const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;
let planted: string | undefined;
afterEach(() => planted && rmSync(planted, { recursive: true, force: true }));

function plant(files: Record<string, string>): string {
	planted = mkdtempSync(join(tmpdir(), 'import-rules-'));
	for (const [path, text] of Object.entries(files)) {
		mkdirSync(dirname(join(planted, path)), { recursive: true });
		writeFileSync(join(planted, path), text);
	}
	return planted;
}

describe('no two src/server folders import each other', () => {
	it('holds for the repository', () => {
		expect(mutualFolders('.')).toEqual([]);
	});

	it('fails on a planted pair, a type-only import and the ~/ alias counting too', () => {
		const root = plant({
			'src/server/alpha/a.ts': "import { b } from '../beta/b';\nexport const a = b;\n",
			'src/server/beta/b.ts':
				"import type { A } from '~/server/alpha/types';\nexport const b = 1;\n",
			'src/server/alpha/types.ts': 'export type A = number;\n',
			'src/server/beta/b.test.ts': "import { a } from '../alpha/a';\n",
		});
		expect(mutualFolders(root)).toEqual([
			"src/server/alpha and src/server/beta import each other: src/server/alpha/a.ts imports '../beta/b'; src/server/beta/b.ts imports '~/server/alpha/types'",
		]);
	});

	it('lets one folder import another, and a test import anything', () => {
		const root = plant({
			'src/server/alpha/a.ts': "import { b } from '../beta';\nexport const a = b;\n",
			'src/server/beta/index.ts': 'export const b = 1;\n',
			'src/server/beta/b.test.ts': "import { a } from '../alpha/a';\n",
		});
		expect(mutualFolders(root)).toEqual([]);
	});
});

describe('.astro components take values as props', () => {
	it('holds for the repository', () => {
		expect(astroServerImports('.')).toEqual([]);
	});

	it('fails on a value from the server in frontmatter or in a script, not on a type', () => {
		const root = plant({
			'src/components/Typed.astro':
				"---\nimport type { Row } from '~/server/x/queries';\n---\n<p />\n",
			'src/components/Value.astro':
				"---\nimport { isDue, type Row } from '~/server/x/queries';\n---\n<p>{isDue}</p>\n",
			'src/layouts/Script.astro':
				"---\n---\n<script>\n\timport { go } from '../server/y';\n</script>\n",
			'src/pages/route.astro': "---\nimport { rows } from '~/server/x/queries';\n---\n",
		});
		expect(astroServerImports(root)).toEqual([
			"src/components/Value.astro imports a value from '~/server/x/queries': hand it in as a prop from the page",
			"src/layouts/Script.astro <script> imports '../server/y': browser code",
		]);
	});
});

describe('adapter folders never import feature folders (.dependency-cruiser.cjs)', () => {
	async function violations(root: string): Promise<string[]> {
		const result = await cruise(['src'], { ruleSet: config, validate: true, baseDir: root });
		const { summary } = result.output as ICruiseResult;
		return summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
	}

	it('fails on a planted import of a feature by an adapter, not on config, log or itself', async () => {
		const root = plant({
			'src/server/payments/gateway.ts':
				"import { pick } from '../config/pick';\nimport { log } from '../log/log';\nimport { t } from './types';\nimport { order } from '../checkout/order';\nexport const g = [pick, log, t, order];\n",
			'src/server/payments/types.ts': 'export const t = 1;\n',
			'src/server/config/pick.ts': 'export const pick = 1;\n',
			'src/server/log/log.ts': 'export const log = 1;\n',
			'src/server/checkout/order.ts': 'export const order = 1;\n',
		});
		expect(await violations(root)).toEqual([
			'adapters-import-no-feature: src/server/payments/gateway.ts → src/server/checkout/order.ts',
		]);
	});
});
