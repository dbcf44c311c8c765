import { atom, map } from 'nanostores';
import type { ModpackLoader } from '../lib/domain/minecraft-software';
import type { ModpackSummaryView, ModpackVersionView } from '../lib/modpacks/views';
import { panelResource } from './panel-fetch';

// The Modpacks tab's search: packs by name (an empty query lists the most popular), filtered by
// loader and Minecraft version, asked for a moment after typing stops; then the chosen pack's
// versions. Answers overtaken by a newer request are dropped (panelResource).

export interface SearchFilters {
	q: string;
	/** '' for any. */
	loader: ModpackLoader | '';
	gameVersion: string;
}

export const $filters = map<SearchFilters>({ q: '', loader: '', gameVersion: '' });
const results = panelResource<{ modpacks: ModpackSummaryView[] }>();
export const $results = results.$data;
/** The pack whose versions are shown, or null while choosing. */
export const $chosen = atom<ModpackSummaryView | null>(null);
const versions = panelResource<{ versions: ModpackVersionView[] }>();
export const $versions = versions.$data;

let failure = '';
let fetcher: typeof fetch = (...args) => fetch(...args);
let timer: ReturnType<typeof setTimeout> | undefined;

/** The query string of a search or a versions read: only the filters that are set. */
export function filterQuery(filters: Partial<SearchFilters>): string {
	const query = new URLSearchParams();
	for (const key of ['q', 'loader', 'gameVersion'] as const) {
		const value = filters[key]?.trim();
		if (value) query.set(key, value);
	}
	const text = query.toString();
	return text ? `?${text}` : '';
}

const search = () => results.load(`/api/modpacks${filterQuery($filters.get())}`, failure, fetcher);

/** The first list (the most popular packs), as the tab opens. */
export function startSearch(fallback: string, withFetch?: typeof fetch) {
	failure = fallback;
	if (withFetch) fetcher = withFetch;
	return search();
}

/** Changes the filters and searches once typing has paused for `delayMs`. */
export function setFilters(patch: Partial<SearchFilters>, delayMs = 350) {
	$filters.set({ ...$filters.get(), ...patch });
	clearTimeout(timer);
	timer = setTimeout(() => void search(), delayMs);
}

/** Shows a pack's versions (on the loader and Minecraft version filtered for), or none. */
export function choosePack(pack: ModpackSummaryView | null) {
	$chosen.set(pack);
	if (!pack) return Promise.resolve();
	versions.$data.set({ state: 'loading' });
	const { loader, gameVersion } = $filters.get();
	return versions.load(
		`/api/modpacks/${encodeURIComponent(pack.id)}/versions${filterQuery({ loader, gameVersion })}`,
		failure,
		fetcher,
	);
}
