import { describe, expect, it } from 'vitest';
import billingCycles from '../../../content/catalogue/billing-cycles.json';
import extras from '../../../content/catalogue/extras.json';
import plans from '../../../content/catalogue/plans.json';
import storage from '../../../content/catalogue/storage.json';
import vat from '../../../content/catalogue/vat-rates.json';
import vpsImages from '../../../content/catalogue/vps-images.json';
import minecraftSoftware from '../../../content/catalogue/minecraft-software.json';
import locations from '../../../content/catalogue/locations.json';
import { catalogueProblems, type CatalogueFiles } from './validate';

const shipped: CatalogueFiles = {
	'plans.json': plans,
	'storage.json': storage,
	'extras.json': extras,
	'billing-cycles.json': billingCycles,
	'vat-rates.json': vat,
	'vps-images.json': vpsImages,
	'minecraft-software.json': minecraftSoftware,
	'locations.json': locations,
};
const clone = <T>(value: T): T => structuredClone(value);

describe('catalogueProblems', () => {
	it('finds nothing wrong with the shipped catalogue', () => {
		expect(catalogueProblems(shipped)).toEqual([]);
	});

	it('names the file and field of a price that is not whole minor units', () => {
		const broken = clone(plans);
		broken[0]!.prices.EUR.base = 1.5;
		expect(catalogueProblems({ ...shipped, 'plans.json': broken })).toEqual([
			expect.stringMatching(/^content\/catalogue\/plans\.json 0\.prices\.EUR\.base: /),
		]);
	});

	it('rejects a RAM range its steps cannot reach, and a missing currency', () => {
		const broken = clone(plans);
		broken[2]!.maxRam = 15;
		delete (broken[3]!.prices as Partial<(typeof broken)[3]['prices']>).SEK;
		const problems = catalogueProblems({ ...shipped, 'plans.json': broken });
		expect(problems.join('\n')).toMatch(/2: maxRam is not reachable/);
		expect(problems.join('\n')).toMatch(/3\.prices\.SEK/);
	});

	it('wants the number of backups of every game plan, and none on a VPS plan', () => {
		const broken = clone(plans);
		const game = broken.findIndex((plan) => plan.product === 'game');
		const vps = broken.findIndex((plan) => plan.product === 'vps');
		delete (broken[game] as { backups?: number }).backups;
		(broken[vps] as { backups?: number }).backups = 3;
		const problems = catalogueProblems({ ...shipped, 'plans.json': broken }).join('\n');
		expect(problems).toMatch(new RegExp(`${game}: a game plan says how many backups`));
		expect(problems).toMatch(new RegExp(`${vps}: a game plan says how many backups`));
		expect(plans.filter((plan) => plan.product === 'game').map((plan) => plan.backups)).toEqual(
			expect.arrayContaining([3, 5, 7]),
		);
	});

	it('notices a game without a plan and an extra for a game we do not host', () => {
		const withoutRust = plans.filter((plan) => plan.game !== 'rust');
		const badExtras = clone(extras);
		badExtras[0]!.games = ['minecraft', 'tetris'];
		const problems = catalogueProblems({
			...shipped,
			'plans.json': withoutRust,
			'extras.json': badExtras,
		});
		expect(problems).toContain('content/catalogue/plans.json: no plan for game rust');
		expect(problems).toContain(
			'content/catalogue/extras.json modpackInstallation: unknown game tetris',
		);
	});

	it('names the field of a wrong VPS image, and an image no VPS plan has the RAM for', () => {
		const broken = clone(vpsImages);
		(broken[1] as { templates: unknown }).templates = { pve1: 'template' };
		expect(catalogueProblems({ ...shipped, 'vps-images.json': broken })).toEqual([
			expect.stringMatching(/^content\/catalogue\/vps-images\.json 1\.templates\.pve1: /),
		]);
		const huge = clone(vpsImages);
		huge[4]!.minRamGb = 4096;
		expect(catalogueProblems({ ...shipped, 'vps-images.json': huge })).toEqual([
			'content/catalogue/vps-images.json windows-server-2022: minRamGb 4096 is more than any VPS plan offers',
		]);
	});

	it('names the field of a wrong Minecraft software entry', () => {
		const broken = clone(minecraftSoftware);
		broken[3]!.defaultVersion = '1.7.10';
		expect(catalogueProblems({ ...shipped, 'minecraft-software.json': broken })).toEqual([
			'content/catalogue/minecraft-software.json 3: defaultVersion is not listed',
		]);
	});
});
