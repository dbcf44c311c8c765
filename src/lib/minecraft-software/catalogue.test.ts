import { describe, expect, it } from 'vitest';
import shipped from '../../../content/catalogue/minecraft-software.json';
import { minecraftSoftware } from '../domain/minecraft-software';
import {
	compareMinecraftVersions,
	isOffered,
	parseSoftwareCatalogue,
	softwareCatalogue,
	softwareLabel,
} from './catalogue';

const clone = <T>(value: T): T => structuredClone(value);

describe('the Minecraft software catalogue', () => {
	it('offers every server software the shop knows, each with a default it lists', () => {
		expect(softwareCatalogue.map((entry) => entry.id).sort()).toEqual(
			[...minecraftSoftware].sort(),
		);
		for (const entry of softwareCatalogue) expect(entry.versions).toContain(entry.defaultVersion);
	});

	it('orders release numbers part by part', () => {
		expect(['1.20.1', '1.21', '1.16.5', '1.21.4', '1.21.1'].sort(compareMinecraftVersions)).toEqual(
			['1.16.5', '1.20.1', '1.21', '1.21.1', '1.21.4'],
		);
	});

	it('refuses versions out of order, a default it does not list and a software twice', () => {
		const unordered = clone(shipped);
		unordered[0]!.versions = ['1.20.1', '1.21.4'];
		expect(() => parseSoftwareCatalogue(unordered)).toThrow(
			/minecraft-software\.json is invalid:\n {2}0: versions are not unique and newest first/,
		);
		const noDefault = clone(shipped);
		noDefault[1]!.defaultVersion = '1.12.2';
		expect(() => parseSoftwareCatalogue(noDefault)).toThrow(/1: defaultVersion is not listed/);
		const twice = [...clone(shipped), clone(shipped[0]!)];
		expect(() => parseSoftwareCatalogue(twice)).toThrow(/each software is listed once/);
	});

	it('names the field of a software it does not know and a version that is not a release', () => {
		const broken = clone(shipped) as { id: string; versions: string[] }[];
		broken[0]!.id = 'bukkit';
		broken[2]!.versions[0] = '24w14a';
		expect(() => parseSoftwareCatalogue(broken)).toThrow(/0\.id: .*\n {2}2\.versions\.0: /s);
	});

	it('says what is offered and names it', () => {
		expect(isOffered('paper', '1.21.4')).toBe(true);
		expect(isOffered('paper', '1.12.2')).toBe(false);
		expect(isOffered('bukkit', '1.21.4')).toBe(false);
		expect(softwareLabel('neoforge', '1.21.1')).toBe('NeoForge 1.21.1');
	});
});
