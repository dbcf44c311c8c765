import type { Locale } from '../../i18n';
import { nearestLocation } from './catalogue';
import { flagImage } from './flag-uri';
import { locationViews } from './names';
import type { CartLocations } from './option';

/** What the cart, checkout and order pages give their islands to name an item's location. */
export function cartLocations(locale: Locale): CartLocations {
	return {
		options: locationViews(locale).map(({ id, city, country, countryName }) => ({
			id,
			city,
			countryName,
			flag: flagImage(country),
		})),
		nearest: { game: nearestLocation(locale, 'game'), vps: nearestLocation(locale, 'vps') },
	};
}
