import type { Locale } from '../../i18n';
import type { LocationId } from '../../lib/domain/location';
import type { ProductType } from '../../lib/domain/product';
import { locations } from '../../lib/locations/catalogue';
import { cityName, countryName } from '../../lib/locations/names';
import type { SizesAsked } from '../../lib/locations/query';
import type { AdminClient } from '../supabase/admin-client';
import { availability } from './room';

/** One location as `GET /api/locations` answers it. */
export interface LocationAnswer {
	id: LocationId;
	/** The city in the caller's language. */
	city: string;
	/** ISO 3166-1 alpha-2. */
	country: string;
	countryName: string;
	products: ProductType[];
	/** No room for what was asked: for a location asked about for two products, for either. */
	full: boolean;
	/** Per product asked about that the location offers, whether it has no room for it. */
	fullFor: Partial<Record<ProductType, boolean>>;
}

/**
 * Every location offering a product asked about, in catalogue order, with whether it is full
 * for the size asked. Without a product both are asked, and a location offering both is full
 * only when it has room for neither (it can still take one of them); `fullFor` says which.
 */
export async function locationsAnswer(
	admin: AdminClient,
	locale: Locale,
	sizes: SizesAsked,
): Promise<{ locations: LocationAnswer[] }> {
	const asked = (Object.keys(sizes) as ProductType[]).filter((product) => sizes[product]);
	const rooms = await Promise.all(
		asked.map(async (product) => {
			const rows = await availability(admin, product, sizes[product]!);
			return new Map(rows.map((row) => [row.location.id, { product, full: row.full }]));
		}),
	);
	const answers = locations.flatMap((location): LocationAnswer[] => {
		const verdicts = rooms.flatMap((room) => room.get(location.id) ?? []);
		if (verdicts.length === 0) return [];
		return [
			{
				id: location.id,
				city: cityName(location.id, locale),
				country: location.country,
				countryName: countryName(location.country, locale),
				products: [...location.products],
				full: verdicts.every((verdict) => verdict.full),
				fullFor: Object.fromEntries(verdicts.map((verdict) => [verdict.product, verdict.full])),
			},
		];
	});
	return { locations: answers };
}
