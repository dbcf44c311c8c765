import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The repository's lint rules, applied to code planted in each file group they claim to cover.
 * Flat config replaces a rule's options wholesale when a later block names it again, so a rule can
 * read as applying to a folder while a later block has switched it off there; this catches that.
 * Only the syntax and import rules run (no type information is needed for them).
 */
const eslint = new ESLint({
	cwd: process.cwd(),
	overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
	ruleFilter: ({ ruleId }) =>
		ruleId === 'no-restricted-syntax' || ruleId === 'no-restricted-imports',
});

async function messages(filePath: string, code: string) {
	const [result] = await eslint.lintText(code, { filePath });
	return (result?.messages ?? []).map((message) => message.message);
}

const wholeBody =
	'export async function POST({ request }: { request: Request }) {\n\treturn request.json();\n}\n';
const wholeContextBody =
	'export async function POST(context: { request: Request }) {\n\treturn context.request.formData();\n}\n';
const requestOrigin =
	'export function GET(context: { url: URL }) {\n\treturn new Response(context.url.origin);\n}\n';
const bodyRule = 'Read request bodies with src/server/http/body.ts (capped), not whole.';
const originRule =
	"Build absolute URLs on siteOrigin() (src/server/config/site-origin.ts), not the request's.";

// Loading the config and the parsers takes seconds on a busy machine the first time.
describe('lint rules hold in every file group they name', { timeout: 60_000 }, () => {
	it.each([
		'src/pages/api/lint-hole.ts',
		'src/server/checkout/lint-hole.ts',
		'src/middleware.ts',
		'src/lib/lint-hole.ts',
		'src/islands/lint-hole.tsx',
		'server/lint-hole.ts',
	])('a whole request body is refused in %s', async (file) => {
		expect(await messages(file, wholeBody)).toContain(bodyRule);
		expect(await messages(file, wholeContextBody)).toContain(bodyRule);
	});

	it('a whole request body is refused in a page', async () => {
		const page = `---\nconst data = await Astro.request.json();\n---\n<p>{data}</p>\n`;
		expect(await messages('src/pages/lint-hole.astro', page)).toContain(bodyRule);
	});

	it.each([
		'src/pages/api/lint-hole.ts',
		'src/server/http/lint-hole.ts',
		'src/server/http/body.ts',
	])("the request's origin is refused in %s", async (file) => {
		expect(await messages(file, requestOrigin)).toContain(originRule);
	});

	it('the capped reader itself reads the stream, and tests may read bodies whole', async () => {
		expect(await messages('src/server/http/body.ts', wholeBody)).not.toContain(bodyRule);
		expect(await messages('src/server/checkout/lint-hole.test.ts', wholeBody)).toEqual([]);
	});

	it.each(['src/server/lint-hole.ts', 'scripts/lint-hole.ts', 'tests/lint-hole.ts'])(
		"the local stack's files are refused in %s",
		async (file) => {
			const code = "import { x } from '../supabase/local/db/x';\nexport { x };\n";
			expect((await messages(file, code)).join('\n')).toContain('@frostnode/local-supabase');
		},
	);
});
