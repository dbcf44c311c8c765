import { RestError } from './errors.ts';
import type { Routine } from './schema-cache.ts';
import { qualified, quoteIdent } from './sql.ts';
import type { SqlParams } from './sql.ts';

// Which function an RPC call means (name plus the set of argument names, or a single unnamed
// json/jsonb parameter taking the whole body), and the FROM clause that calls it as pgrst_call.

export function noSuchFunction(name: string, keys: string[], isPost: boolean): RestError {
	const sorted = [...keys].sort();
	const signature = sorted.length === 0 ? ' without parameters' : `(${sorted.join(', ')})`;
	const searched =
		sorted.length === 0
			? ' without parameters'
			: ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`;
	return new RestError(
		404,
		'PGRST202',
		`Could not find the function public.${name}${signature} in the schema cache`,
		`Searched for the function public.${name}${searched}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
	);
}

export function isSingleJsonParam(routine: Routine): boolean {
	const only = routine.params[0];
	return (
		routine.params.length === 1 &&
		only !== undefined &&
		only.name === '' &&
		(only.type === 'json' || only.type === 'jsonb')
	);
}

export function chooseRoutine(
	candidates: Routine[],
	keys: string[],
	isPost: boolean,
): { routine: Routine; wholeBody: boolean } | undefined {
	const matches = candidates.filter((routine) => {
		const names = routine.params.map((p) => p.name);
		return (
			keys.every((key) => names.includes(key)) &&
			routine.params.every((p) => p.hasDefault || keys.includes(p.name))
		);
	});
	if (matches.length > 1) {
		throw new RestError(
			300,
			'PGRST203',
			`Could not choose the best candidate function between: ${matches.map((r) => `public.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`).join(', ')}`,
			null,
			'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
		);
	}
	if (matches[0]) return { routine: matches[0], wholeBody: false };
	const jsonOne = isPost ? candidates.find(isSingleJsonParam) : undefined;
	return jsonOne ? { routine: jsonOne, wholeBody: true } : undefined;
}

/** FROM fragment that calls the function, its result aliased pgrst_call. */
export function callFrom(
	params: SqlParams,
	routine: Routine,
	args: Record<string, unknown>,
	wholeBody: boolean,
	rawBody: string,
): string {
	const fn = qualified(routine.name);
	const scalar = routine.returns !== 'composite';
	const wrap = (call: string) =>
		scalar ? `(SELECT ${call} AS pgrst_scalar) AS pgrst_call` : `${call} AS pgrst_call`;
	if (wholeBody) return wrap(`${fn}(${params.add(rawBody)}::${routine.params[0]?.type ?? 'json'})`);
	const used = routine.params.filter((p) => p.name in args);
	if (used.length === 0) return wrap(`${fn}()`);
	const record = used.map((p) => `${quoteIdent(p.name)} ${p.type}`).join(', ');
	const named = used
		.map(
			(p) =>
				`${p.variadic ? 'VARIADIC ' : ''}${quoteIdent(p.name)} := pgrst_body.${quoteIdent(p.name)}`,
		)
		.join(', ');
	return `json_to_record(${params.add(JSON.stringify(args))}::json) AS pgrst_body(${record}), LATERAL ${wrap(`${fn}(${named})`)}`;
}
