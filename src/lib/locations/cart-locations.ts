import type { Locale } from '../../i18n';
import { nearestLocation } from './catalogue';
import { locationViews } from './names';
import type { CartLocations } from './option';

/** What the cart, checkout and order pages give their islands to name an item's location. */
export function cartLocations(locale: Locale): CartLocations {
	return {
		options: locationViews(locale).map(({ id, city, countryName, flag }) => ({
			id,
			city,
			countryName,
			flag,
		})),
		nearest: { game: nearestLocation(locale, 'game'), vps: nearestLocation(locale, 'vps') },
	};
}
