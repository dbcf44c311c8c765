import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

import billingCycles from '../content/catalogue/billing-cycles.json';
import extras from '../content/catalogue/extras.json';
import plans from '../content/catalogue/plans.json';
import storage from '../content/catalogue/storage.json';
import vatRates from '../content/catalogue/vat-rates.json';
import vpsImages from '../content/catalogue/vps-images.json';
import minecraftSoftware from '../content/catalogue/minecraft-software.json';
import locations from '../content/catalogue/locations.json';
import modpacks from '../content/catalogue/modpacks.json';
import { assertValidCatalogue } from './lib/catalogue/validate';
import { assertValidModpacks } from './lib/modpacks/catalogue-check';
import { helpLoader } from './collections/help-loader';
import { helpFrontmatter } from './lib/help/frontmatter';

// The catalogue is plain data the browser also loads; a wrong price must fail the build here.
assertValidCatalogue({
	'plans.json': plans,
	'storage.json': storage,
	'extras.json': extras,
	'billing-cycles.json': billingCycles,
	'vat-rates.json': vatRates,
	'vps-images.json': vpsImages,
	'minecraft-software.json': minecraftSoftware,
	'locations.json': locations,
});
// The embedded modpack source's data: a pack it could not install must fail the build too.
assertValidModpacks(modpacks);

const text = (max: number) => z.string().trim().min(1).max(max);

/** Game and VPS page copy: `content/games/<locale>/<id>.md` (see content/games/README.md). */
const games = defineCollection({
	loader: glob({ pattern: '*/*.md', base: './content/games' }),
	schema: z.object({
		title: text(60),
		description: z.string().trim().min(110).max(160),
		tagline: text(120),
		highlights: z.array(z.object({ title: text(40), text: text(240) })).length(4),
		faq: z
			.array(z.object({ question: text(140), answer: text(600) }))
			.min(4)
			.max(6),
		tiers: z
			.object({
				budget: z.object({
					name: text(40),
					summary: text(240),
					points: z.array(text(90)).min(3).max(5),
				}),
				premium: z.object({
					name: text(40),
					summary: text(240),
					points: z.array(text(90)).min(3).max(5),
				}),
			})
			.optional(),
	}),
});

/** About, affiliate and legal pages: `content/pages/<locale>/<page>.mdx`. */
const pages = defineCollection({
	loader: glob({ pattern: '*/*.mdx', base: './content/pages' }),
	schema: z.object({
		title: text(80),
		description: z.string().trim().min(110).max(160),
		updated: z.coerce.date(),
	}),
});

/**
 * Help articles: `content/help/<locale>/<topic>/<slug>.mdx` (see content/help/README.md). The
 * schema's messages say what to write (src/lib/help/frontmatter.ts); the loader adds the file.
 */
const help = defineCollection({
	loader: helpLoader(),
	schema: helpFrontmatter,
});

export const collections = { games, pages, help };
