import { z } from 'zod';
import data from '../../../content/catalogue/locations.json' with { type: 'json' };
import { locationIdSchema, type LocationId } from '../domain/location.ts';
import { productTypeSchema, type ProductType } from '../domain/product.ts';

// Where the business runs servers (content/catalogue/locations.json): the one source of every
// location shown, offered, counted or placed. A location offers a product only with the section
// that says where that product's servers go: game panel locations, or hypervisor nodes (whose
// address pools are `vps_addresses` rows of the same node names). The site server's start-up check
// loads this file directly (through the game panel's settings): imports carry `.ts` and the JSON
// its import attribute.

const localeSchema = /* @__PURE__ */ z.enum(['en', 'no', 'da', 'de']);
const nodeName = /* @__PURE__ */ z.string().regex(/^[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/);

export const locationSchema = /* @__PURE__ */ z
	.object({
		id: locationIdSchema,
		/** ISO 3166-1 alpha-2; the name and flag are derived from it in the reader's language. */
		country: z.string().regex(/^[A-Z]{2}$/),
		products: z.array(productTypeSchema).min(1),
		/** What the visitor's browser times to measure latency (an https URL answering any GET). */
		testAddress: z.string().url().startsWith('https://'),
		/** The languages whose visitors get this location preselected (nearest to them). */
		nearestFor: z.array(localeSchema),
		/** Pterodactyl location ids whose nodes take this location's game servers. */
		game: z
			.object({ panelLocationIds: z.array(z.number().int().positive()).min(1) })
			.strict()
			.optional(),
		/** Hypervisor nodes of this location; each node's address pool is its `vps_addresses`. */
		vps: z
			.object({ nodes: z.array(nodeName).min(1) })
			.strict()
			.optional(),
	})
	.strict()
	.refine(
		(l) => l.products.includes('game') === Boolean(l.game),
		'products has game iff a game section',
	)
	.refine(
		(l) => l.products.includes('vps') === Boolean(l.vps),
		'products has vps iff a vps section',
	);

export type Location = z.infer<typeof locationSchema>;

export const locationsSchema = /* @__PURE__ */ z
	.array(locationSchema)
	.min(1)
	.refine((all) => new Set(all.map((l) => l.id)).size === all.length, 'location ids are unique')
	.refine((all) => {
		const nodes = all.flatMap((l) => l.vps?.nodes ?? []);
		return new Set(nodes).size === nodes.length;
	}, 'a hypervisor node belongs to one location')
	.refine((all) => {
		const ids = all.flatMap((l) => l.game?.panelLocationIds ?? []);
		return new Set(ids).size === ids.length;
	}, 'a game panel location belongs to one location')
	.refine((all) => {
		const claimed = all.flatMap((l) => l.nearestFor);
		return new Set(claimed).size === claimed.length;
	}, 'a language is nearest to one location');

export function parseLocations(input: unknown): Location[] {
	const result = locationsSchema.safeParse(input);
	if (result.success) return result.data;
	const fields = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
	throw new Error(`content/catalogue/locations.json is invalid:\n  ${fields.join('\n  ')}`);
}

/** The catalogue's locations, in its order (the order every page lists them in). */
export const locations: readonly Location[] = /* @__PURE__ */ parseLocations(data);

/**
 * What a visitor may know of a location: what it offers and where to time it, never the game
 * panel's location ids or the hypervisor's node names (those stay on the server).
 */
export type PublicLocation = Pick<Location, 'id' | 'country' | 'products' | 'testAddress'>;

export function publicLocation({ id, country, products, testAddress }: Location): PublicLocation {
	return { id, country, products: [...products], testAddress };
}

export function findLocation(id: unknown): Location | undefined {
	return locations.find((location) => location.id === id);
}

/** The locations that offer `product`, in catalogue order. */
export function locationsFor(product: ProductType): Location[] {
	return locations.filter((location) => location.products.includes(product));
}

/** Preselected for a visitor of `locale`: the one nearest to them, else the first offering it. */
export function nearestLocation(locale: string, product: ProductType): LocationId {
	const offering = locationsFor(product);
	const near = offering.find((location) => (location.nearestFor as string[]).includes(locale));
	const chosen = near ?? offering[0];
	if (!chosen) throw new Error(`content/catalogue/locations.json: no location offers ${product}`);
	return chosen.id;
}

/** The location a hypervisor node belongs to (undefined for a node no location lists). */
export function locationOfNode(node: string): Location | undefined {
	return locations.find((location) => location.vps?.nodes.includes(node));
}
