import type { LocationId } from '../domain/location';

/**
 * A location as an island shows it: its id and its names in the page's language (city, country,
 * flag), never the nodes behind it. Pages build it on the server (names.ts `locationView` gives
 * these fields and more) and pass it as a prop, so islands load neither the catalogue nor zod.
 */
export interface LocationOption {
	id: LocationId;
	city: string;
	countryName: string;
	flag: string;
}

/** "Frankfurt, Germany" from an option, as the cart and checkout show the chosen one. */
export const optionLabel = (option: LocationOption) => `${option.city}, ${option.countryName}`;
