import type { Locale } from '../../i18n';
import { nearestLocation } from './catalogue';
import { locationViews, type LocationView } from './names';
import { flagShapes } from './flags';
import type { CartLocations, LocationOption } from './option';

/** What the cart, checkout and order pages give their islands to name an item's location. */
export function cartLocations(locale: Locale): CartLocations {
	return {
		options: locationViews(locale).map(locationOption),
		nearest: { game: nearestLocation(locale, 'game'), vps: nearestLocation(locale, 'vps') },
	};
}

/** What an island needs of a location: its id, names and flag, nothing of where it runs. */
export function locationOption({ id, city, country, countryName }: LocationView): LocationOption {
	return { id, city, countryName, flag: flagShapes[country] ?? null };
}
