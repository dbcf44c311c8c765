import { describe, expect, it } from 'vitest';
import { GamePanelRefusedError, GamePanelValidationError } from './errors';
import {
	MAX_EDIT_BYTES,
	checkText,
	normaliseEntry,
	normalisePath,
	splitPath,
	textFromBytes,
} from './files-input';

const reason = (work: () => unknown) => {
	try {
		work();
	} catch (error) {
		return error instanceof GamePanelRefusedError ? error.reason : (error as Error).name;
	}
	return 'accepted';
};

describe('normalisePath', () => {
	it('resolves paths inside the root to /a/b', () => {
		expect(normalisePath('/')).toBe('/');
		expect(normalisePath('')).toBe('/');
		expect(normalisePath('world//region/./r.0.0.mca')).toBe('/world/region/r.0.0.mca');
		expect(normalisePath('/world/../server.properties')).toBe('/server.properties');
		expect(normalisePath('/plugins/')).toBe('/plugins');
	});

	it('refuses whatever climbs out of the root, however it is spelled', () => {
		for (const path of ['..', '/../', '../etc/passwd', '/world/../../x', '/a/b/../../../c'])
			expect(reason(() => normalisePath(path))).toBe('path_outside_root');
	});

	it('refuses what is no path at all, and the root where an entry is meant', () => {
		expect(() => normalisePath('a\u0000b')).toThrow(GamePanelValidationError);
		expect(() => normalisePath('x'.repeat(5000))).toThrow(GamePanelValidationError);
		expect(() => normaliseEntry('/world/..')).toThrow(GamePanelValidationError);
		expect(splitPath('/world/level.dat')).toEqual({ dir: '/world', name: 'level.dat' });
		expect(splitPath('/eula.txt')).toEqual({ dir: '/', name: 'eula.txt' });
	});
});

describe('text files', () => {
	it('reads UTF-8 text, and refuses binary or invalid bytes', () => {
		expect(textFromBytes(new TextEncoder().encode('motd=Hei på deg\n'))).toBe('motd=Hei på deg\n');
		expect(reason(() => textFromBytes(new Uint8Array([0x6d, 0x00, 0x6f])))).toBe('file_not_text');
		expect(reason(() => textFromBytes(new Uint8Array([0xc3, 0x28])))).toBe('file_not_text');
		expect(reason(() => textFromBytes(new Uint8Array(MAX_EDIT_BYTES + 1)))).toBe('file_too_large');
	});

	it('writes text up to 4 MiB as UTF-8, without NUL', () => {
		expect(checkText('max-players=20\n')).toBe('max-players=20\n');
		expect(reason(() => checkText('a\u0000'))).toBe('file_not_text');
		// 2 bytes a character in UTF-8: half as many characters fit.
		expect(reason(() => checkText('é'.repeat(MAX_EDIT_BYTES / 2)))).toBe('accepted');
		expect(reason(() => checkText('é'.repeat(MAX_EDIT_BYTES / 2 + 1)))).toBe('file_too_large');
	});
});
