import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 32's rule that every staff write leaves one audit row and is idempotent holds because
// every write goes through staffWrite (write.ts; its own test: tests/integration/staff). This
// keeps it so: a staff API route that writes (any method but GET) must hand its work to staffWrite,
// so a route added later cannot skip the request id, the write limit or the audit log.

const root = 'src/pages/api/staff';

function routeFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory()
			? routeFiles(join(folder, entry.name))
			: entry.name.endsWith('.ts')
				? [join(folder, entry.name)]
				: [],
	);
}

const writeMethod = /export\s+const\s+(POST|PUT|PATCH|DELETE|ALL)\b/;

describe('staff API routes', () => {
	const files = routeFiles(root);

	it('exist, and write only through staffWrite', () => {
		const writers = files.filter((file) => writeMethod.test(readFileSync(file, 'utf8')));
		expect(writers.length).toBeGreaterThan(10);
		const bypassing = writers.filter((file) => {
			const source = readFileSync(file, 'utf8');
			return !/from '~\/server\/staff\/write'/.test(source) || !/\bstaffWrite\(/.test(source);
		});
		expect(bypassing).toEqual([]);
	});
});
