import type { LocationId } from '../domain/location';
import type { ProductType } from '../domain/product';

/**
 * A location as an island shows it: its id and its names in the page's language (city, country,
 * flag), never the nodes behind it. Pages build it on the server (names.ts `locationView` gives
 * these fields and more) and pass it as a prop, so islands load neither the catalogue nor zod.
 */
export interface LocationOption {
	id: LocationId;
	city: string;
	countryName: string;
	/** The country's flag as an image address (flag-uri.ts), shown as a decorative `<img>`. */
	flag: string;
}

/** "Frankfurt, Germany" from an option, as the cart and checkout show the chosen one. */
export const optionLabel = (option: LocationOption) => `${option.city}, ${option.countryName}`;

/** Every location named for the cart and checkout, and per product the one preselected. */
export interface CartLocations {
	options: LocationOption[];
	nearest: Record<ProductType, LocationId>;
}

/**
 * Where an item of `product` will run: its chosen location, else the one nearest to the page's
 * language (what checkout places an order without one in).
 */
export function itemLocation(
	chosen: LocationId | undefined,
	product: ProductType,
	where: CartLocations,
): LocationOption | undefined {
	const id = chosen ?? where.nearest[product];
	return where.options.find((option) => option.id === id);
}
