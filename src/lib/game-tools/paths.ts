/**
 * Paths inside a game server's folder, as the customer and the panel write them: absolute from the
 * server's root (`/`, `/world/region`). One rule for the API, the stores and the breadcrumbs: a
 * path that climbs out of the root (`..` past `/`) is refused, never clamped, so `/../etc` cannot
 * quietly become `/etc`. The panel confines paths too (Wings answers 404); this refuses first.
 */

/** Longest path accepted (Wings' own limit on a name is 255 bytes per segment). */
export const maxPathLength = 1024;

/** The normalised absolute path, or null when it escapes the root or cannot be a path. */
export function normalizePath(raw: string): string | null {
	if (raw.length > maxPathLength || /[\0\\]/.test(raw)) return null;
	const parts: string[] = [];
	for (const segment of raw.split('/')) {
		if (segment === '' || segment === '.') continue;
		if (segment === '..') {
			if (parts.length === 0) return null;
			parts.pop();
			continue;
		}
		parts.push(segment);
	}
	return `/${parts.join('/')}`;
}

/** A single name for a new file or folder: no separators, not `.` or `..`, not empty. */
export function isPlainName(name: string): boolean {
	return (
		name.length > 0 &&
		name.length <= 255 &&
		name !== '.' &&
		name !== '..' &&
		!/[/\\\0]/.test(name) &&
		name.trim() === name
	);
}

export function joinPath(dir: string, name: string): string {
	return dir === '/' ? `/${name}` : `${dir}/${name}`;
}

export function parentOf(path: string): string {
	const cut = path.lastIndexOf('/');
	return cut <= 0 ? '/' : path.slice(0, cut);
}

export function baseName(path: string): string {
	return path.slice(path.lastIndexOf('/') + 1);
}

/** The folders from the root down to `dir`, for breadcrumbs: `/a/b` → `/`, `/a`, `/a/b`. */
export function crumbsOf(dir: string): { name: string; path: string }[] {
	const crumbs = [{ name: '/', path: '/' }];
	let path = '';
	for (const segment of dir.split('/').filter(Boolean)) {
		path += `/${segment}`;
		crumbs.push({ name: segment, path });
	}
	return crumbs;
}
