import { z } from 'zod';
import { locationIds } from './location-ids.ts';

/**
 * Where a server can run: every location the business could operate, each with its label
 * `location.<id>` (city, country) in every language. The catalogue
 * (`content/catalogue/locations.json`) says which of them are open and what each offers; every
 * claim about locations on the site is computed from it, never from this list's length.
 * `services.location` repeats the set (tests/integration/data-model/closed-sets.test.ts).
 */
export { isLocationId, locationIds, type LocationId } from './location-ids.ts';
export const locationIdSchema = /* @__PURE__ */ z.enum(locationIds);
