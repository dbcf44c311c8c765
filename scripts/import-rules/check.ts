/**
 * `node scripts/import-rules/check.ts` (part of `npm run lint`): the import rules
 * dependency-cruiser cannot state, for what it cannot see. `server-folders.ts`: no two folders of
 * `src/server` import each other. `astro-files.ts`: shared `.astro` components take no value from
 * the server. Prints each violation and fails; `import-rules.test.ts` plants one of each.
 */
import { astroServerImports } from './astro-files.ts';
import { mutualFolders } from './server-folders.ts';

const problems = [...mutualFolders('.'), ...astroServerImports('.')];
for (const problem of problems) process.stderr.write(`error ${problem}\n`);
if (problems.length > 0) {
	process.stderr.write(`✘ ${problems.length} import rule violations (scripts/import-rules)\n`);
	process.exit(1);
}
process.stdout.write(
	'✔ no two src/server folders import each other; .astro components take props\n',
);
