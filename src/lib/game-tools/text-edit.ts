import { diffLines } from 'diff';

/**
 * What the file editor may open and save. One limit both ways: a file too big to open is too big
 * to save back, so an edit never fails at the end. Below the site's body backstop (1 MiB) and the
 * panel's own 4 MiB edit limit; bigger files go through SFTP or a download.
 */
export const maxEditBytes = 512 * 1024;

/** Lines added, removed and the total the save reports ("3 lines changed"). */
export interface LineChanges {
	added: number;
	removed: number;
	/** A line edited in place counts once, not as one removed plus one added. */
	changed: number;
}

export function lineChanges(before: string, after: string): LineChanges {
	let added = 0;
	let removed = 0;
	let changed = 0;
	// A hunk is the removed and added parts between two unchanged ones.
	let hunk = { added: 0, removed: 0 };
	const close = () => {
		changed += Math.max(hunk.added, hunk.removed);
		hunk = { added: 0, removed: 0 };
	};
	for (const part of diffLines(before, after)) {
		const count = part.count ?? 0;
		if (part.added) {
			added += count;
			hunk.added += count;
		} else if (part.removed) {
			removed += count;
			hunk.removed += count;
		} else close();
	}
	close();
	return { added, removed, changed };
}

/** UTF-8 size of the text, as it will be written. */
export function byteLength(text: string): number {
	return new TextEncoder().encode(text).byteLength;
}
