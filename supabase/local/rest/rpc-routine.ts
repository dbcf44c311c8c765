import { RestError } from './errors.ts';
import type { RpcInput, RpcMedia } from './rpc-body.ts';
import type { Routine } from './schema-cache.ts';

// Which function an RPC call means, as PostgREST's findProc (Plan.hs) decides: the overloads whose
// parameters the argument names fit exactly (every required one named, the rest among those with
// defaults); only when none fits, a function whose single unnamed parameter takes the raw body of
// this Content-Type. More than one candidate at the deciding step is 300 PGRST203.

const RAW_PARAM_TYPES: Record<RpcMedia, string[]> = {
	json: ['json', 'jsonb'],
	text: ['text'],
	xml: ['xml'],
	bytea: ['bytea'],
	urlencoded: [],
};

/** Raw bodies carry no argument names, so they never call a function without parameters. */
function isRawBody(input: RpcInput): boolean {
	return (
		input.isPost && (input.media === 'text' || input.media === 'xml' || input.media === 'bytea')
	);
}

/** One unnamed parameter: it receives the whole body (or, for GET, the arguments as JSON). */
export function takesWholeBody(routine: Routine): boolean {
	return routine.params.length === 1 && routine.params[0]?.name === '';
}

function matchesParams(routine: Routine, input: RpcInput): boolean {
	if (routine.params.length === 0) return input.keys.length === 0 && !isRawBody(input);
	const required = new Set(routine.params.filter((p) => !p.hasDefault).map((p) => p.name));
	const optional = new Set(routine.params.filter((p) => p.hasDefault).map((p) => p.name));
	const rest = new Set(input.keys.filter((key) => !optional.has(key)));
	return rest.size === required.size && [...required].every((name) => rest.has(name));
}

function isFallback(routine: Routine, input: RpcInput): boolean {
	const only = routine.params[0];
	return (
		input.isPost &&
		takesWholeBody(routine) &&
		only !== undefined &&
		RAW_PARAM_TYPES[input.media].includes(only.type)
	);
}

export function chooseRoutine(candidates: Routine[], input: RpcInput): Routine | undefined {
	const named = candidates.filter((routine) => matchesParams(routine, input));
	const found = named.length > 0 ? named : candidates.filter((r) => isFallback(r, input));
	if (found.length > 1) {
		const signatures = found.map(
			(r) => `public.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`,
		);
		throw new RestError(
			300,
			'PGRST203',
			`Could not choose the best candidate function between: ${signatures.join(', ')}`,
			null,
			'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
		);
	}
	return found[0];
}

/** PGRST202, worded per Content-Type as Error.hs words NoRpc. */
export function noSuchFunction(name: string, input: RpcInput): RestError {
	const keys = [...input.keys].sort();
	const raw = isRawBody(input);
	const listed = keys.length === 0 ? ' without parameters' : `(${keys.join(', ')})`;
	const searched =
		keys.length === 0
			? ' without parameters'
			: ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`;
	let details = searched;
	if (raw) details = ` with a single unnamed ${input.media} parameter`;
	else if (input.isPost && input.media === 'json')
		details = `${searched} or with a single unnamed json/jsonb parameter`;
	return new RestError(
		404,
		'PGRST202',
		`Could not find the function public.${name}${raw ? '' : listed} in the schema cache`,
		`Searched for the function public.${name}${details}, but no matches were found in the schema cache.`,
	);
}
