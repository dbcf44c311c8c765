import { computed, map, type MapStore } from 'nanostores';
import { isLocationId, type LocationId } from '../lib/domain/location-ids';
import type { ProductType } from '../lib/domain/product';
import type { ServerChoice } from '../lib/pricing';

/** The locations a page offers for its product, and the one nearest to the visitor's language. */
export interface LocationSetup {
	product: ProductType;
	/** In the catalogue's order, the order the configurator lists them. */
	offered: readonly LocationId[];
	nearest: LocationId;
}

/** Which offered locations have no room for the size chosen now (GET /api/locations). */
export type FullLocations = Partial<Record<LocationId, boolean>>;

/** The `{ locations: [{ id, full }] }` of GET /api/locations, read without a schema library. */
function fullOf(answer: unknown): FullLocations | null {
	if (typeof answer !== 'object' || answer === null || !('locations' in answer)) return null;
	if (!Array.isArray(answer.locations)) return null;
	const full: FullLocations = {};
	for (const entry of answer.locations as unknown[])
		if (typeof entry === 'object' && entry !== null && 'id' in entry && 'full' in entry)
			if (isLocationId(entry.id) && typeof entry.full === 'boolean') full[entry.id] = entry.full;
	return full;
}

/**
 * The configurator's location: preselected nearest to the visitor's language, moved to the next
 * with room while the visitor has not chosen one themselves, and never a full one chosen by a
 * click. Whether a location is full depends on the plan and size, so it is asked again after each
 * change; a stale answer (the choice moved on meanwhile) is dropped.
 */
export function locationPart($state: MapStore<ServerChoice>, setup: LocationSetup) {
	const $full = map<FullLocations>({});
	let chosenByVisitor = false;
	const offered = (id: unknown): id is LocationId => setup.offered.includes(id as LocationId);
	const withRoom = () =>
		[setup.nearest, ...setup.offered].find((id) => offered(id) && !$full.get()[id]);
	const place = (id: LocationId | undefined) => {
		if (id && id !== $state.get().location) $state.setKey('location', id);
	};
	place(offered($state.get().location) ? $state.get().location : setup.nearest);

	return {
		$full,
		/** Whether the chosen location has no room for the size chosen: nothing to order there. */
		$chosenFull: computed([$state, $full], (state, full) =>
			Boolean(state.location && full[state.location]),
		),
		/** A configuration brought back (early clicks, the cart): its location if offered here. */
		resume: (location: LocationId | undefined) => {
			// The form always holds one: only another than the preselected one was the visitor's.
			chosenByVisitor = offered(location) && location !== setup.nearest;
			place(offered(location) ? location : setup.nearest);
		},
		choose: (id: LocationId) => {
			if (!offered(id) || $full.get()[id]) return;
			chosenByVisitor = true;
			place(id);
		},
		/** Asks which locations have room for the plan, RAM and storage chosen now. */
		refresh: async (fetcher: typeof fetch = fetch) => {
			const { planId, ram, storageGb } = $state.get();
			const query = new URLSearchParams({ product: setup.product, plan: planId, ram: String(ram) });
			if (storageGb !== null) query.set('storage', String(storageGb));
			try {
				const response = await fetcher(`/api/locations?${query}`);
				const full = response.ok ? fullOf(await response.json()) : null;
				const now = $state.get();
				const moved = now.planId !== planId || now.ram !== ram || now.storageGb !== storageGb;
				if (!full || moved) return;
				$full.set(full);
				if (!chosenByVisitor && now.location && full[now.location]) place(withRoom());
			} catch {
				// Not known now: nothing is shown full, and checkout still refuses a full location.
			}
		},
	};
}

export type LocationPart = ReturnType<typeof locationPart>;
