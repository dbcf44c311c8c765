// A reverse DNS name as a customer types it: a fully qualified host name (RFC 1123: labels of
// letters, digits and inner hyphens, 1–63 characters; at least two labels; at most 253 in all; a
// top-level label not all digits). Lowercased, without the trailing dot; null when it is not one.

const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function normalizePtr(raw: string): string | null {
	const name = raw.trim().toLowerCase().replace(/\.$/, '');
	if (name.length === 0 || name.length > 253) return null;
	const labels = name.split('.');
	if (labels.length < 2 || !labels.every((l) => label.test(l))) return null;
	return /^\d+$/.test(labels.at(-1)!) ? null : name;
}
