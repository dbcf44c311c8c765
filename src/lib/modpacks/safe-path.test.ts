import { posix } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRelativePath } from './safe-path';

describe('safeRelativePath', () => {
	// labrinth's own contract test (packages/path-util), case for case.
	it.each([
		['file.txt', 'file.txt'],
		['directory/file.txt', 'directory/file.txt'],
		['my-directory/file.name.with.dots.tar.gz', 'my-directory/file.name.with.dots.tar.gz'],
		['my_directory/123_456-789.file', 'my_directory/123_456-789.file'],
		['./my/file.txt', 'my/file.txt'],
		['my/./file.txt', 'my/file.txt'],
		['mods//sodium.jar', 'mods/sodium.jar'],
		['config/file..name.toml', 'config/file..name.toml'],
		['CONSOLE.txt', 'CONSOLE.txt'],
		['ab:c/file', 'ab:c/file'],
	])('keeps %s as %s', (path, normalised) => {
		expect(safeRelativePath(path)).toBe(normalised);
	});

	it.each([
		'',
		'.',
		'./',
		'/absolute/file.txt',
		'C:/absolute/file.txt',
		'C:file.txt',
		'./C:file.txt',
		'.//x:y',
		'//server/share/file.txt',
		'\\\\?\\C:\\file',
		'\\leading-backslash',
		'directory/../file.txt',
		'..',
		'mods/../../etc/passwd',
		'CON.txt',
		'con',
		'NUL/file.txt',
		'COM1.txt:ads',
		'lpt9',
		'COM¹.log',
		'config/CONIN$',
		'CONOUT$.txt',
		'file\\name.txt',
		'my\\directory/file.txt',
		'mods/evil\0.jar',
	])('refuses %j', (path) => {
		expect(safeRelativePath(path)).toBeNull();
	});

	const segment = fc.oneof(
		fc.constantFrom('.', '..', '', 'mods', 'config', 'CON', 'nul.txt', 'C:', 'a\\b', 'x:y'),
		fc.string({ minLength: 1, maxLength: 8 }),
	);
	const anyPath = fc.oneof(
		fc.array(segment, { maxLength: 6 }).map((parts) => parts.join('/')),
		fc.string({ maxLength: 30 }),
	);

	it('never accepts a path that resolves outside the root, and its answer is a fixed point', () => {
		fc.assert(
			fc.property(anyPath, (path) => {
				const safe = safeRelativePath(path);
				if (safe === null) return;
				const root = '/srv/server';
				expect(posix.resolve(root, safe).startsWith(`${root}/`)).toBe(true);
				expect(posix.resolve(root, path).startsWith(`${root}/`)).toBe(true);
				expect(safeRelativePath(safe)).toBe(safe);
				expect(safe.split('/')).not.toContain('..');
			}),
		);
	});

	it('refuses any path with a parent component, wherever it is', () => {
		fc.assert(
			fc.property(
				fc.array(fc.constantFrom('mods', 'a', '.', 'config'), { maxLength: 4 }),
				fc.array(fc.constantFrom('mods', 'b.jar', '.'), { maxLength: 4 }),
				(before, after) => {
					expect(safeRelativePath([...before, '..', ...after].join('/'))).toBeNull();
				},
			),
		);
	});

	it('refuses a reserved device name in any case, with or without an extension', () => {
		fc.assert(
			fc.property(
				fc.constantFrom('CON', 'PRN', 'AUX', 'NUL', 'COM3', 'LPT1', 'CONIN$'),
				fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
				fc.constantFrom('', '.txt', '.tar.gz', ':stream'),
				(device, upper, suffix) => {
					const name = [...device]
						.map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase()))
						.join('');
					expect(safeRelativePath(`mods/${name}${suffix}`)).toBeNull();
				},
			),
		);
	});
});
