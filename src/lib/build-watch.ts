/**
 * Notices a new deployment under an open page (docs/operations.md, "Upgrades": open panels
 * load a new release). A new build makes the page stale: the next navigation
 * becomes a full page load of the new build. A chunk that fails to load reloads at once, but at
 * most once in 10 s, so a chunk that is really gone never makes the page loop.
 */

export const chunkReloadGuardMs = 10_000;
export const chunkReloadKey = 'frostnode:chunk-reload-at';

export interface BuildWatchDeps {
	/** The build this page came from. */
	current: string;
	/** The id in /builds/latest.json now; null when it cannot be read (offline): nothing changes. */
	latest: () => Promise<string | null>;
	/** A full load of `url`, or of this page when left out. */
	load: (url?: string) => void;
	storage: Pick<Storage, 'getItem' | 'setItem'>;
	now: () => number;
}

export function createBuildWatch(deps: BuildWatchDeps) {
	let stale = false;
	return {
		isStale: () => stale,
		/** Asks for the latest build; true once another one is out. */
		async check(): Promise<boolean> {
			if (stale) return true;
			const latest = await deps.latest().catch(() => null);
			// Checks overlap (load, tab shown, timer): an older answer must not undo a newer one.
			stale ||= latest !== null && latest !== deps.current;
			return stale;
		},
		/** Before an in-page navigation to `url`: a stale page loads it in full instead (true). */
		navigate(url: string): boolean {
			if (stale) deps.load(url);
			return stale;
		},
		/** A code chunk failed to load: reload, unless this page did so in the last 10 s (false). */
		chunkFailed(): boolean {
			const last = Number(deps.storage.getItem(chunkReloadKey) ?? 0);
			if (deps.now() - last < chunkReloadGuardMs) return false;
			deps.storage.setItem(chunkReloadKey, String(deps.now()));
			deps.load();
			return true;
		},
	};
}

/** Messages browsers give a dynamic import whose file is gone (Chromium, Firefox, Safari). */
export function isChunkLoadError(reason: unknown): boolean {
	const message = reason instanceof Error ? reason.message : String(reason);
	return /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
		message,
	);
}
