import { MAX_JSON_DEPTH, exceedsJsonDepth } from '@frostnode/json-depth';
import { RestError } from './errors.ts';
import type { Relation } from './schema-cache.ts';

// Request bodies of writes and RPC: JSON or PGRST102, and the column list they insert — the `columns`
// parameter when given, else the keys of the objects, which must all have the same keys.

export const invalidJson = () => new RestError(400, 'PGRST102', 'Empty or invalid json');

export function parseJsonBody(raw: Buffer): unknown {
	const text = raw.toString('utf8');
	if (text.trim() === '') throw invalidJson();
	return parseJsonText(text);
}

/** JSON.parse for request bodies, refusing (before parsing) nesting too deep to walk safely. */
export function parseJsonText(text: string): unknown {
	if (exceedsJsonDepth(text)) {
		throw new RestError(
			400,
			'PGRST102',
			'Empty or invalid json',
			`The JSON is nested more than ${MAX_JSON_DEPTH} levels deep`,
		);
	}
	try {
		return JSON.parse(text);
	} catch {
		throw invalidJson();
	}
}

export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function unknownColumn(relation: Relation, column: string): RestError {
	return new RestError(
		400,
		'PGRST204',
		`Could not find the '${column}' column of '${relation.name}' in the schema cache`,
	);
}

export function payloadColumns(
	relation: Relation,
	rows: Record<string, unknown>[],
	listed: string[] | undefined,
): string[] {
	if (listed) {
		for (const column of listed)
			if (!relation.columns.has(column)) throw unknownColumn(relation, column);
		return listed;
	}
	const keys = Object.keys(rows[0] ?? {});
	const signature = [...keys].sort().join('\u0000');
	if (rows.some((row) => Object.keys(row).sort().join('\u0000') !== signature)) {
		throw new RestError(400, 'PGRST102', 'All object keys must match');
	}
	for (const key of keys) if (!relation.columns.has(key)) throw unknownColumn(relation, key);
	return keys;
}
