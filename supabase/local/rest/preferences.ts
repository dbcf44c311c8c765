import { RestError } from './errors.ts';

// The Prefer header (Preferences.hs). postgrest-js appends preferences, so they arrive as one
// comma-separated header; the first occurrence of each kind wins and unknown ones are ignored unless
// handling=strict, which refuses them.

export interface Preferences {
	return?: 'minimal' | 'representation' | 'headers-only';
	count?: 'exact' | 'planned' | 'estimated';
	resolution?: 'merge-duplicates' | 'ignore-duplicates';
	missing?: 'default' | 'null';
	tx?: 'commit' | 'rollback';
	handling?: 'lenient' | 'strict';
	maxAffected?: number;
	/** The preferences honoured, in PostgREST's order, for the Preference-Applied header. */
	applied: string[];
}

const ACCEPTED: Record<string, readonly string[]> = {
	return: ['minimal', 'representation', 'headers-only'],
	count: ['exact', 'planned', 'estimated'],
	resolution: ['merge-duplicates', 'ignore-duplicates'],
	missing: ['default', 'null'],
	tx: ['commit', 'rollback'],
	handling: ['lenient', 'strict'],
};

export function parsePreferences(header: string | undefined): Preferences {
	const found: Record<string, string> = {};
	const invalid: string[] = [];
	for (const raw of (header ?? '').split(',')) {
		const item = raw.trim();
		if (item === '') continue;
		const [name = '', value = ''] = item.split('=').map((part) => part.trim());
		if (name === 'max-affected' && /^\d+$/.test(value)) found[name] ??= value;
		else if (ACCEPTED[name]?.includes(value)) found[name] ??= value;
		// params=single-object was dropped in PostgREST 13; with handling=strict it is refused there.
		else if (name !== 'timezone') invalid.push(item);
	}
	if (found.handling === 'strict' && invalid.length > 0) {
		throw new RestError(
			400,
			'PGRST122',
			'Invalid preferences given with handling=strict',
			`Invalid preferences: ${invalid.join(', ')}`,
		);
	}
	const prefs: Preferences = { applied: [] };
	if (found.resolution) prefs.resolution = found.resolution as Preferences['resolution'];
	if (found.missing) prefs.missing = found.missing as Preferences['missing'];
	if (found.return) prefs.return = found.return as Preferences['return'];
	if (found.count) prefs.count = found.count as Preferences['count'];
	if (found.tx) prefs.tx = found.tx as Preferences['tx'];
	if (found.handling) prefs.handling = found.handling as Preferences['handling'];
	if (found['max-affected']) prefs.maxAffected = Number(found['max-affected']);
	return prefs;
}

/** Preference-Applied lists what the response honoured, e.g. `return=representation, count=exact`. */
export function appliedHeader(
	prefs: Preferences,
	honoured: (keyof Preferences)[],
): Record<string, string> {
	const names: Record<string, string> = { maxAffected: 'max-affected' };
	// max-affected is only honoured, and so only reported, together with handling=strict.
	const parts = honoured
		.filter((key) => prefs[key] !== undefined)
		.filter((key) => key !== 'maxAffected' || prefs.handling === 'strict')
		.map((key) => `${names[key] ?? key}=${String(prefs[key])}`);
	return parts.length > 0 ? { 'Preference-Applied': parts.join(', ') } : {};
}
