import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

type Lock = { packages: Record<string, { engines?: { node?: string }; optional?: boolean }> };
const read = <T>(path: string) => JSON.parse(readFileSync(path, 'utf8')) as T;
const pkg = read<{ engines: { node: string }; devDependencies: { node: string } }>('package.json');
const lock = read<Lock>('package-lock.json');
const oldest = semver.minVersion(pkg.engines.node)!.version;

describe('the supported Node versions', () => {
	it('satisfy every installed package, so npm install is quiet on the oldest of them', () => {
		// Optional packages are platform builds (Windows, macOS) npm skips on this platform.
		const refusing = Object.entries(lock.packages)
			.filter(([, entry]) => !entry.optional && entry.engines?.node)
			.filter(([, entry]) => !semver.satisfies(oldest, entry.engines!.node!))
			.map(([path, entry]) => `${path} wants ${entry.engines!.node}`);
		expect(refusing).toEqual([]);
	});

	it('are the ones the project’s own Node, the local stack and the README name', () => {
		const [major, minor] = oldest.split('.');
		expect(semver.minVersion(pkg.devDependencies.node)!.version).toBe(oldest);
		expect(read<typeof pkg>('supabase/local/package.json').engines.node).toBe(pkg.engines.node);
		expect(readFileSync('README.md', 'utf8')).toContain(`Node.js ${major}.${minor} or newer`);
		expect(readFileSync('docs/operations.md', 'utf8')).toContain(
			`Node.js ${major}.${minor} or newer`,
		);
	});
});
