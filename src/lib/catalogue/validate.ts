import { z } from 'zod';
import { games } from '../games';
import { vpsImagesSchema } from '../vps/images';
import { locationsSchema } from '../locations/catalogue';
import { softwareCatalogueSchema } from '../minecraft-software/schema';
import {
	billingCycleSchema,
	extraSchema,
	planSchema,
	storageOptionSchema,
	vatRatesSchema,
} from './schema';

export interface CatalogueFiles {
	'plans.json': unknown;
	'storage.json': unknown;
	'extras.json': unknown;
	'billing-cycles.json': unknown;
	'vat-rates.json': unknown;
	'vps-images.json': unknown;
	'minecraft-software.json': unknown;
	'locations.json': unknown;
}

const fileSchemas = {
	'plans.json': z.array(planSchema).min(1),
	'storage.json': z.array(storageOptionSchema).min(1),
	'extras.json': z.array(extraSchema),
	'billing-cycles.json': z.array(billingCycleSchema).min(1),
	'vat-rates.json': vatRatesSchema,
	'vps-images.json': vpsImagesSchema,
	'minecraft-software.json': softwareCatalogueSchema,
	'locations.json': locationsSchema,
} as const;

/**
 * Every problem in the catalogue files, each naming its file and field; empty when all is well.
 * Besides each file's shape it checks what spans files: every game has a plan, every plan's game
 * exists, ids are unique, a free storage option and a monthly cycle exist, every VPS image fits a
 * VPS plan's RAM, each product is offered somewhere and every VPS image can be cloned in every
 * location that sells VPS.
 */
export function catalogueProblems(files: CatalogueFiles): string[] {
	const problems: string[] = [];
	for (const [file, schema] of Object.entries(fileSchemas)) {
		const result = schema.safeParse(files[file as keyof CatalogueFiles]);
		if (!result.success) {
			for (const issue of result.error.issues)
				problems.push(`content/catalogue/${file} ${issue.path.join('.')}: ${issue.message}`);
		}
	}
	if (problems.length) return problems;

	const plans = fileSchemas['plans.json'].parse(files['plans.json']);
	const gameIds = new Set(games.map((game) => game.id));
	const duplicates = plans.map((p) => p.id).filter((id, i, all) => all.indexOf(id) !== i);
	for (const id of duplicates)
		problems.push(`content/catalogue/plans.json: plan id ${id} appears twice`);
	for (const plan of plans) {
		if (plan.game && !gameIds.has(plan.game))
			problems.push(`content/catalogue/plans.json ${plan.id}: unknown game ${plan.game}`);
	}
	for (const id of gameIds) {
		if (!plans.some((plan) => plan.game === id))
			problems.push(`content/catalogue/plans.json: no plan for game ${id}`);
	}
	const storage = fileSchemas['storage.json'].parse(files['storage.json']);
	if (!storage.some((option) => Object.values(option.prices).every((price) => price === 0))) {
		problems.push('content/catalogue/storage.json: no free (included) storage option');
	}
	const cycles = fileSchemas['billing-cycles.json'].parse(files['billing-cycles.json']);
	if (!cycles.some((cycle) => cycle.months === 1 && cycle.discountPercent === 0)) {
		problems.push('content/catalogue/billing-cycles.json: no monthly cycle without discount');
	}
	for (const extra of fileSchemas['extras.json'].parse(files['extras.json'])) {
		for (const game of extra.games === 'all' ? [] : extra.games) {
			if (!gameIds.has(game))
				problems.push(`content/catalogue/extras.json ${extra.id}: unknown game ${game}`);
		}
	}
	const vpsMaxRam = Math.max(0, ...plans.filter((p) => p.product === 'vps').map((p) => p.maxRam));
	for (const image of fileSchemas['vps-images.json'].parse(files['vps-images.json'])) {
		if (image.minRamGb > vpsMaxRam)
			problems.push(
				`content/catalogue/vps-images.json ${image.id}: minRamGb ${image.minRamGb} is more than any VPS plan offers`,
			);
	}
	problems.push(...locationProblems(files));
	return problems;
}

function locationProblems(files: CatalogueFiles): string[] {
	const problems: string[] = [];
	const locations = fileSchemas['locations.json'].parse(files['locations.json']);
	for (const product of ['game', 'vps'] as const) {
		if (!locations.some((location) => location.products.includes(product)))
			problems.push(`content/catalogue/locations.json: no location offers ${product}`);
	}
	const images = fileSchemas['vps-images.json'].parse(files['vps-images.json']);
	for (const location of locations) {
		for (const image of location.vps ? images : []) {
			if (!location.vps?.nodes.some((node) => node in image.templates))
				problems.push(
					`content/catalogue/vps-images.json ${image.id}: no template on a node of ${location.id}`,
				);
		}
	}
	return problems;
}

export function assertValidCatalogue(files: CatalogueFiles): void {
	const problems = catalogueProblems(files);
	if (problems.length) throw new Error(`The catalogue is invalid:\n  ${problems.join('\n  ')}`);
}
