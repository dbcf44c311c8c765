import { describe, expect, it } from 'vitest';
import shipped from '../../../content/catalogue/vps-images.json';
import {
	findVpsImage,
	nodesFor,
	parseVpsImages,
	vpsImageIds,
	vpsImages,
	vpsImagesSchema,
} from './images';

const clone = () => structuredClone(shipped) as Record<string, unknown>[];

describe('the VPS image catalogue', () => {
	it('offers every image id once, Windows from 4 GB and Linux from 1 GB', () => {
		expect(vpsImages.map((image) => image.id)).toEqual([...vpsImageIds]);
		expect(findVpsImage('windows-server-2022')).toMatchObject({
			os: 'windows',
			user: 'Administrator',
			minRamGb: 4,
		});
		for (const id of ['debian-12', 'ubuntu-24.04', 'rocky-9', 'alma-9'])
			expect(findVpsImage(id)).toMatchObject({ os: 'linux', user: 'root', minRamGb: 1 });
		expect(findVpsImage('arch')).toBeUndefined();
	});

	it('names the nodes that hold an image template', () => {
		expect(nodesFor(findVpsImage('debian-12')!)).toEqual(['pve1', 'pve2']);
	});

	it('refuses an unknown id, a repeated id, a template-less image and a mixed-up OS', () => {
		const unknown = clone();
		unknown[0]!.id = 'arch';
		expect(vpsImagesSchema.safeParse(unknown).success).toBe(false);
		const twice = clone();
		twice[1]!.id = twice[0]!.id;
		expect(vpsImagesSchema.safeParse(twice).success).toBe(false);
		const bare = clone();
		bare[0]!.templates = {};
		expect(vpsImagesSchema.safeParse(bare).success).toBe(false);
		const mixed = clone();
		mixed[0]!.os = 'windows';
		expect(vpsImagesSchema.safeParse(mixed).success).toBe(false);
		const badNode = clone();
		badNode[0]!.templates = { 'pve 1': 9012 };
		expect(vpsImagesSchema.safeParse(badNode).success).toBe(false);
	});

	it('says which file and field is wrong when the shipped file cannot be read', () => {
		const broken = clone();
		broken[4]!.minRamGb = 'four';
		expect(() => parseVpsImages(broken)).toThrow(
			/^content\/catalogue\/vps-images\.json is invalid:\n {2}4\.minRamGb: /,
		);
	});
});
