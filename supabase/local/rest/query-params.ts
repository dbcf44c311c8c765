import { RestError } from './errors.ts';
import { looksLikeFilterValue, parseFilterKey, parseOpExpr } from './parse-filter.ts';
import { parseLogicParam } from './parse-logic.ts';
import { parseColumnList, parseOrder } from './parse-order.ts';
import { parseSelect } from './parse-select.ts';
import type { EmbedPath, Filter, LogicTree, OrderTerm, Range, SelectItem } from './types.ts';

// Sorting a query string into PostgREST's parts (QueryParams.hs `parse`): reserved keys, per-embed
// order/limit/offset/and/or, filters (a value with an operator, or a dotted key), and the rest, which
// are function arguments on GET /rpc and ignored on tables.

export interface QueryParams {
	select: SelectItem[];
	filters: { path: EmbedPath; filter: Filter }[];
	logic: { path: EmbedPath; tree: LogicTree }[];
	order: { path: EmbedPath; terms: OrderTerm[] }[];
	/** Keyed by the embed path joined with '.', '' for the root. */
	ranges: Map<string, Range>;
	columns?: string[];
	onConflict?: string[];
	/** Plain key=value pairs: arguments for GET /rpc/fn. */
	args: [string, string][];
}

function decode(part: string): string {
	const spaced = part.replaceAll('+', ' ');
	try {
		return decodeURIComponent(spaced);
	} catch {
		return spaced;
	}
}

/** Pairs in order; a key without `=` is dropped, as PostgREST drops it. */
export function splitQuery(search: string): [string, string][] {
	const pairs: [string, string][] = [];
	for (const part of search.replace(/^\?/, '').split('&')) {
		const eq = part.indexOf('=');
		if (part === '' || eq === -1) continue;
		pairs.push([decode(part.slice(0, eq)), decode(part.slice(eq + 1))]);
	}
	return pairs;
}

const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const PER_EMBED = new Set(['order', 'limit', 'offset', 'and', 'or']);

function lastSegment(key: string): string {
	return key.slice(key.lastIndexOf('.') + 1);
}

function parseCount(value: string): number | undefined {
	return /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : undefined;
}

export function parseQueryParams(search: string): QueryParams {
	const params: QueryParams = {
		select: [{ kind: 'star' }],
		filters: [],
		logic: [],
		order: [],
		ranges: new Map(),
		args: [],
	};
	const limits = new Map<string, number>();
	const offsets = new Map<string, number>();
	for (const [key, value] of splitQuery(search)) {
		if (key === 'select')
			params.select = value.trim() === '' ? [{ kind: 'star' }] : parseSelect(value);
		else if (key === 'columns') params.columns = parseColumnList('columns', value);
		else if (key === 'on_conflict') params.onConflict = parseColumnList('on_conflict', value);
		else if (RESERVED.has(key)) continue;
		else if (PER_EMBED.has(lastSegment(key))) {
			const segment = lastSegment(key);
			const pathKey = key.slice(0, Math.max(0, key.length - segment.length - 1));
			if (segment === 'order')
				params.order.push({ path: pathKey ? pathKey.split('.') : [], terms: parseOrder(value) });
			else if (segment === 'and' || segment === 'or')
				params.logic.push(parseLogicParam(key, value));
			else {
				const count = parseCount(value);
				if (count !== undefined) (segment === 'limit' ? limits : offsets).set(pathKey, count);
			}
		} else if (key.includes('.') || looksLikeFilterValue(value)) {
			const { path, field } = parseFilterKey(key);
			params.filters.push({ path, filter: { field, expr: parseOpExpr(value) } });
		} else {
			params.args.push([key, value]);
		}
	}
	for (const path of new Set([...limits.keys(), ...offsets.keys()])) {
		const limit = limits.get(path);
		if (limit !== undefined && limit < 0) {
			throw new RestError(
				416,
				'PGRST103',
				'Requested range not satisfiable',
				'Limit should be greater than or equal to zero.',
			);
		}
		params.ranges.set(path, {
			offset: Math.max(0, offsets.get(path) ?? 0),
			...(limit !== undefined ? { limit } : {}),
		});
	}
	return params;
}
