/**
 * Modrinth's rule for a path inside a `.mrpack` (labrinth's `SafeRelativeUtf8UnixPathBuf`,
 * `packages/path-util` in modrinth/code), so a pack Modrinth would refuse is refused here too and
 * nothing an installer writes can land outside the server's folder:
 *
 * - not something Windows would read as rooted: a leading `\` or `/` (which also covers UNC and
 *   device paths such as `//server/share`, `\\?\`), or a drive (`C:`, `C:/x`, `C:x`);
 * - at least one component; every component a plain name or `.` (no `..`, no root);
 * - no `\` anywhere (`my\dir/file` would be two folders on Windows and one on Linux);
 * - no component that Windows reserves as a device (CON, PRN, AUX, NUL, COM1–9, LPT1–9, their
 *   superscript forms, CONIN$, CONOUT$), alone or followed by `.` or `:` (`con.txt`, `COM1.txt:ads`),
 *   in any case.
 *
 * Stricter than labrinth in two ways, both about paths no installer can write: a path made only
 * of `.` components (it names the folder itself) and a NUL character are refused.
 *
 * Returns the path normalised as labrinth writes it back (empty and `.` components dropped, joined
 * by `/`), or null when it is not safe.
 */
export function safeRelativePath(path: string): string | null {
	if (path.includes('\0') || path.includes('\\')) return null;
	if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return null;
	const parts = path.split('/');
	const kept: string[] = [];
	for (const part of parts) {
		if (part === '' || part === '.') continue;
		if (part === '..' || isReservedDeviceName(part)) return null;
		kept.push(part);
	}
	const normalised = kept.join('/');
	// Checked again after dropping `.`: `./C:x` would otherwise come back as the drive path `C:x`.
	if (!normalised || /^[A-Za-z]:/.test(normalised)) return null;
	return normalised;
}

const reserved = [
	'CON',
	'PRN',
	'AUX',
	'NUL',
	...[1, 2, 3, 4, 5, 6, 7, 8, 9, '¹', '²', '³'].flatMap((n) => [`COM${n}`, `LPT${n}`]),
	'CONIN$',
	'CONOUT$',
];

/** Upper case for ASCII letters only, as Rust's `to_ascii_uppercase`: `ß` stays `ß`. */
const asciiUpper = (text: string) => text.replace(/[a-z]/g, (letter) => letter.toUpperCase());

function isReservedDeviceName(component: string): boolean {
	const name = asciiUpper(component);
	return reserved.some((device) => {
		if (!name.startsWith(device)) return false;
		const rest = name.slice(device.length);
		return rest === '' || rest.startsWith('.') || rest.startsWith(':');
	});
}
