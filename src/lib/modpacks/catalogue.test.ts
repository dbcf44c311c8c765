import { describe, expect, it } from 'vitest';
import shipped from '../../../content/catalogue/modpacks.json';
import { modpackCatalogueSchema } from './catalogue';
import { assertValidModpacks, modpackCatalogueProblems } from './catalogue-check';

const clone = () => structuredClone(shipped);
const packOf = (data: ReturnType<typeof clone>, project: number, version = 0) =>
	data[project]!.versions[version]!.pack!;
const index = (slug: string) => shipped.findIndex((project) => project.slug === slug);

describe('the modpack catalogue', () => {
	it('is valid as shipped', () => {
		expect(modpackCatalogueProblems(shipped)).toEqual([]);
		expect(() => assertValidModpacks(shipped)).not.toThrow();
	});

	it('holds what the offline refusals and every loader need', () => {
		const data = modpackCatalogueSchema.parse(shipped);
		const packs = data.filter((project) => project.type === 'modpack');
		expect(packs.length).toBeGreaterThanOrEqual(10);
		const loaders = new Set(packs.flatMap((p) => p.versions.flatMap((v) => v.loaders)));
		expect([...loaders].sort()).toEqual(['fabric', 'forge', 'neoforge', 'quilt']);
		expect(data.some((project) => project.type === 'mod')).toBe(true);
		expect(packs.some((project) => project.serverSide === 'unsupported')).toBe(true);
		expect(packs.some((project) => project.recommendedRamGb !== null)).toBe(true);
	});

	it('names the field of a broken entry', () => {
		const broken = clone();
		(broken[0] as { id: string }).id = 'not-an-id';
		delete (broken[1] as { author?: string }).author;
		const problems = modpackCatalogueProblems(broken);
		expect(problems).toContain(
			'content/catalogue/modpacks.json 0.id: an 8-character base62 Modrinth id',
		);
		expect(problems.join('\n')).toMatch(/modpacks\.json 1\.author: /);
		expect(() => assertValidModpacks(broken)).toThrow(/The modpack catalogue is invalid/);
	});

	it('refuses a pack that escapes the server folder, lacks a hash or has no loader', () => {
		const broken = clone();
		const cobblemon = index('cobblemon-fabric');
		packOf(broken, cobblemon).files[0]!.path = '../../.ssh/authorized_keys';
		const atm = index('all-the-mods-9');
		delete (packOf(broken, atm).files[0]!.hashes as { sha512?: string }).sha512;
		const astral = index('create-astral');
		(packOf(broken, astral) as { dependencies: Record<string, string> }).dependencies = {
			minecraft: '1.18.2',
		};
		const problems = modpackCatalogueProblems(broken).join('\n');
		expect(problems).toMatch(new RegExp(`${shipped[cobblemon]!.id} \\w+: bad_pack: unsafe path`));
		expect(problems).toMatch(new RegExp(`${shipped[atm]!.id} \\w+: bad_pack: .*sha512`));
		expect(problems).toMatch(new RegExp(`${shipped[astral]!.id} \\w+: unsupported_loader`));
	});

	it('refuses a repeated id, versions out of order and a pack listed under another loader', () => {
		const broken = clone();
		broken[2]!.versions[0]!.id = broken[1]!.versions[0]!.id;
		broken[3]!.versions.reverse();
		const adrena = index('adrenaserver');
		broken[adrena]!.versions[0]!.loaders = ['forge'];
		const problems = modpackCatalogueProblems(broken);
		expect(problems).toContain(
			`content/catalogue/modpacks.json: id ${shipped[1]!.versions[0]!.id} appears twice`,
		);
		expect(problems).toContain(
			`content/catalogue/modpacks.json ${shipped[3]!.id}: versions are not newest first`,
		);
		expect(problems.join('\n')).toMatch(/the pack needs fabric, not a listed loader/);
	});
});
