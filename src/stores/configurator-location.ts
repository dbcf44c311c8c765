import { map, type MapStore } from 'nanostores';
import type { LocationId } from '../lib/domain/location-ids';
import type { LocationOption } from '../lib/locations/option';
import type { ServerChoice } from '../lib/pricing';

/** The locations a page offers for its product, and the one nearest to the visitor's language. */
export interface LocationSetup {
	/** In the catalogue's order, the order the configurator lists them, named for the page. */
	options: readonly LocationOption[];
	nearest: LocationId;
}

/** Which offered locations have no room for the size chosen now (GET /api/locations). */
export type FullLocations = Partial<Record<LocationId, boolean>>;

/**
 * The configurator's location: preselected nearest to the visitor's language, never a full one.
 * Whether a location is full depends on the plan and size, so it is asked again after each
 * change; when the chosen one has no room for the new size, the choice moves to the first with
 * room (in the catalogue's order) and the one left says "full". A stale answer (the choice moved on
 * meanwhile) is dropped. The storefront's weight budget keeps this small: the answer is read
 * with plain checks, no schema.
 */
export function locationPart($state: MapStore<ServerChoice>, setup: LocationSetup) {
	const $full = map<FullLocations>({});
	const ids = setup.options.map((option) => option.id);
	const offered = (id: unknown): id is LocationId => ids.some((one) => one === id);
	const urlOf = ({ planId, ram, storageGb }: ServerChoice) =>
		`/api/locations?plan=${planId}&ram=${ram}${storageGb === null ? '' : `&storage=${storageGb}`}`;
	// A full one is moved off by the next answer (asked after every change, and at the start).
	const place = (id: unknown) => $state.setKey('location', offered(id) ? id : setup.nearest);
	place($state.get().location);

	return {
		options: setup.options,
		$full,
		/** A configuration brought back (early clicks, the cart): its location if offered here. */
		resume: place,
		/** A click on a location's radio (a full one's is disabled, and refused here too). */
		choose: (id: LocationId) => {
			if (!$full.get()[id]) $state.setKey('location', id);
		},
		/** Asks which locations have room for the plan, RAM and storage chosen now. */
		refresh: async () => {
			const asked = urlOf($state.get());
			try {
				const answer: unknown = await (await fetch(asked)).json();
				const rows: unknown = (answer as { locations?: unknown } | null)?.locations;
				if (!Array.isArray(rows) || urlOf($state.get()) !== asked) return;
				const full: FullLocations = {};
				for (const row of rows as { id?: unknown; full?: unknown }[])
					if (offered(row.id)) full[row.id] = row.full === true;
				$full.set(full);
				const room = ids.find((id) => !full[id]);
				const { location } = $state.get();
				if (location && full[location] && room) $state.setKey('location', room);
			} catch {
				// Not known now: nothing is shown full, and checkout still refuses a full location.
			}
		},
	};
}

export type LocationPart = ReturnType<typeof locationPart>;
