import type { RpcInput } from './rpc-body.ts';
import { takesWholeBody } from './rpc-routine.ts';
import type { Routine } from './schema-cache.ts';
import { qualified, quoteIdent } from './sql.ts';
import type { SqlParams } from './sql.ts';

// The statement that calls the function once, as PostgREST's callPlanToQuery writes it: named
// arguments unpacked from one JSON parameter by json_to_record with the function's own parameter
// types, or the raw body as the single unnamed parameter. Its rows fill pgrst_source, which the read
// plan, the count and the checks all read, so the function never runs twice.

/** FROM fragment that calls the function, its result aliased pgrst_call. */
function callFrom(params: SqlParams, routine: Routine, input: RpcInput): string {
	const fn = qualified(routine.name);
	const scalar = routine.returns !== 'composite';
	const wrap = (call: string) =>
		scalar ? `(SELECT ${call} AS pgrst_scalar) AS pgrst_call` : `${call} AS pgrst_call`;
	const only = routine.params[0];
	if (takesWholeBody(routine) && only) {
		// bytea travels as bytes; the other body types as text Postgres parses into the parameter type.
		const value =
			only.type === 'bytea'
				? Buffer.from(input.raw)
				: typeof input.raw === 'string'
					? input.raw
					: input.raw.toString('utf8');
		return wrap(`${fn}(${params.add(value)}::${only.type})`);
	}
	const used = routine.params.filter((p) => input.keys.includes(p.name));
	if (used.length === 0) return wrap(`${fn}()`);
	const record = used.map((p) => `${quoteIdent(p.name)} ${p.type}`).join(', ');
	const named = used
		.map(
			(p) =>
				`${p.variadic ? 'VARIADIC ' : ''}${quoteIdent(p.name)} := pgrst_body.${quoteIdent(p.name)}`,
		)
		.join(', ');
	const args = params.add(JSON.stringify(input.args));
	return `json_to_record(${args}::json) AS pgrst_body(${record}), LATERAL ${wrap(`${fn}(${named})`)}`;
}

/** The pgrst_source query: the call's rows, a scalar result as the column pgrst_scalar. */
export function callSource(params: SqlParams, routine: Routine, input: RpcInput): string {
	const from = callFrom(params, routine, input);
	// A void result has no JSON form; the call still runs, its value is dropped.
	if (routine.returns === 'void') return `SELECT NULL::int AS pgrst_scalar FROM ${from}`;
	if (routine.returns === 'scalar') return `SELECT pgrst_call.pgrst_scalar FROM ${from}`;
	return `SELECT pgrst_call.* FROM ${from}`;
}
