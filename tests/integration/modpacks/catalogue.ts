import shipped from '../../../content/catalogue/modpacks.json';
import {
	modpackCatalogueSchema,
	type CatalogueProject,
	type CataloguePack,
} from '../../../src/lib/modpacks/catalogue.ts';

// What both sources are tested on: the shipped catalogue, and packs the build would refuse to
// ship but Modrinth could serve (or a careless upload could hold), one per refusal.

export const shippedCatalogue: CatalogueProject[] = modpackCatalogueSchema.parse(shipped);
export const bySlug = (slug: string) => shippedCatalogue.find((project) => project.slug === slug)!;

const sha1 = 'c84dd4b3580c02b79958a0590afd5783d80ef504';
const sha512 =
	'93ecf5fe02914fb53d94aa3d28c1fb562e23985f8e4d48b9038422798618761fe208a31ca9b723667a4e05de0d91a3f86bcd8d018f6a686c39550e21b198d96f';
const good: CataloguePack = {
	dependencies: { minecraft: '1.21.1', 'fabric-loader': '0.16.9' },
	files: [{ path: 'mods/lithium.jar', hashes: { sha1, sha512 }, fileSize: 700_000 }],
	entries: ['overrides/config/lithium.properties'],
};

function brokenPack(id: string, name: string, pack: CataloguePack | null, loaders = ['fabric']) {
	return {
		id,
		slug: name.toLowerCase().replaceAll(' ', '-'),
		type: 'modpack' as const,
		name,
		author: 'Frostnode Tests',
		summary: `A test pack: ${name.toLowerCase()}.`,
		icon: null,
		downloads: 3,
		serverSide: 'required' as const,
		recommendedRamGb: null,
		versions: [
			{
				id: `${id.slice(0, 4)}Ver1`,
				name: `${name} 1.0`,
				versionNumber: '1.0',
				publishedAt: '2025-01-01T00:00:00Z',
				gameVersions: ['1.21.1'],
				loaders,
				pack,
			},
		],
	};
}

/** The broken packs, by what is wrong with them; each has one version, `${id[0..4]}Ver1`. */
export const broken = {
	escapingFile: brokenPack('EscF0001', 'Escaping file', {
		...good,
		files: [{ ...good.files[0]!, path: '../../.ssh/authorized_keys' }],
	}),
	escapingOverride: brokenPack('EscO0001', 'Escaping override', {
		...good,
		entries: ['overrides/config/ok.toml', 'server-overrides/../../../etc/cron.d/x'],
	}),
	missingHash: brokenPack('NoHa0001', 'Missing hash', {
		...good,
		files: [{ ...good.files[0]!, hashes: { sha1 } }],
	}),
	malformedHash: brokenPack('BadH0001', 'Malformed hash', {
		...good,
		files: [{ ...good.files[0]!, hashes: { sha1: 'not-a-sha1', sha512 } }],
	}),
	noLoaderInPack: brokenPack('NoLo0001', 'No loader', {
		...good,
		dependencies: { minecraft: '1.21.1' },
	}),
	otherLoader: brokenPack(
		'Lite0001',
		'Liteloader pack',
		{ ...good, dependencies: { minecraft: '1.12.2', liteloader: '1.12.2' } },
		['liteloader'],
	),
	noServerPack: brokenPack('NoSP0001', 'Server files only', null),
	/** Listed for Fabric and Quilt (Quilt loads Fabric packs): either may be asked for. */
	twoLoaders: brokenPack('TwoL0001', 'Fabric and Quilt', good, ['fabric', 'quilt']),
	/** A good pack, for the cases that need one (a hash mismatch on download, a version of another). */
	good: brokenPack('Good0001', 'Good pack', good),
} satisfies Record<string, CatalogueProject>;

export const testCatalogue: CatalogueProject[] = [...shippedCatalogue, ...Object.values(broken)];
