import type { Transaction } from '../db/database.ts';
import { COLUMNS_SQL, toColumn, type ColumnRow } from './schema-columns.ts';
import type { Column, Routine } from './schema-types.ts';

// The functions of `public` for RPC: input parameters (with which have defaults), what they return
// (nothing, a scalar, or rows — with the row's columns, so select and filters can be checked), and
// whether they are volatile (only volatile functions may write, and only through POST). Which
// functions are callable at all, and in which order overloads are listed, follow PostgREST's
// SchemaCache.hs (funcsSqlQuery, decodeFuncs).

// An unnamed parameter can only be fed the raw request body, so a function with one is callable only
// when its first parameter has a type a body can be sent as; with two or more it is not callable.
const RAW_BODY_TYPES = new Set(['bytea', 'json', 'jsonb', 'text', 'xml']);

function callable(params: { name: string; type: string }[]): boolean {
	const unnamed = params.filter((p) => p.name === '').length;
	return unnamed === 0 || (unnamed === 1 && RAW_BODY_TYPES.has(params[0]?.type ?? ''));
}

interface RoutineRow {
	name: string;
	volatility: string;
	returns_set: boolean;
	return_type: string;
	return_typtype: string;
	return_relid: number;
	ndefaults: number;
	arg_names: string[] | null;
	arg_modes: string[] | null;
	arg_types: string[] | null;
}

/** Fewer parameters first, then by parameter names and types: the order PGRST203 lists them in. */
function overloadOrder(a: Routine, b: Routine): number {
	if (a.params.length !== b.params.length) return a.params.length - b.params.length;
	const key = (r: Routine) => r.params.map((p) => `${p.name}\u0000${p.type}`).join('\u0001');
	return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
}

export async function loadRoutines(tx: Transaction): Promise<Map<string, Routine[]>> {
	const { rows } = await tx.query<RoutineRow>(
		`select p.proname as name, p.provolatile as volatility, p.proretset as returns_set,
		   format_type(p.prorettype, null) as return_type, rt.typtype as return_typtype, rt.typrelid::int as return_relid,
		   p.pronargdefaults as ndefaults, to_json(p.proargnames) as arg_names, to_json(p.proargmodes::text[]) as arg_modes,
		   (select json_agg(format_type(u.t, null) order by u.ord)
		      from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, ord)) as arg_types
		 from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type rt on rt.oid = p.prorettype
		 where n.nspname = 'public' and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype`,
	);
	const compositeIds = rows.filter((r) => r.return_typtype === 'c').map((r) => r.return_relid);
	const compositeColumns = new Map<number, Column[]>();
	for (const row of (await tx.query<ColumnRow>(COLUMNS_SQL, [compositeIds])).rows) {
		compositeColumns.set(row.relid, [...(compositeColumns.get(row.relid) ?? []), toColumn(row)]);
	}
	const routines = new Map<string, Routine[]>();
	for (const row of rows) {
		const types = row.arg_types ?? [];
		const modes = row.arg_modes ?? types.map(() => 'i');
		const names = row.arg_names ?? [];
		const inputs = types
			.map((type, i) => ({ type, name: names[i] ?? '', mode: modes[i] ?? 'i' }))
			.filter((a) => ['i', 'b', 'v'].includes(a.mode));
		const outputs = types
			.map((type, i) => ({ type, name: names[i] ?? '', mode: modes[i] ?? 'i' }))
			.filter((a) => ['o', 'b', 't'].includes(a.mode));
		const params = inputs.map((a, i) => ({
			name: a.name,
			type: a.type,
			variadic: a.mode === 'v',
			hasDefault: i >= inputs.length - row.ndefaults,
		}));
		if (!callable(params)) continue;
		let resultColumns: Column[] = [];
		let returns: Routine['returns'] = 'scalar';
		if (row.return_type === 'void') returns = 'void';
		else if (row.return_typtype === 'c') {
			returns = 'composite';
			resultColumns = compositeColumns.get(row.return_relid) ?? [];
		} else if (outputs.length > 0) {
			// Any OUT, INOUT or TABLE parameter makes the result a row, even a single OUT of a base type.
			returns = 'composite';
			resultColumns = outputs.map((o) => ({
				name: o.name,
				type: o.type,
				nullable: true,
				defaultExpr: null,
				generated: false,
				isArray: o.type.endsWith('[]'),
				isTsvector: o.type === 'tsvector',
			}));
		}
		const routine: Routine = {
			name: row.name,
			params,
			resultColumns,
			returns,
			returnType: row.return_type,
			returnsSet: row.returns_set,
			volatile: row.volatility === 'v',
		};
		routines.set(row.name, [...(routines.get(row.name) ?? []), routine]);
	}
	for (const list of routines.values()) list.sort(overloadOrder);
	return routines;
}
