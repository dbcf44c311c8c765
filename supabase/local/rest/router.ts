import { passGateway } from '../http/gateway.ts';
import { header } from '../http/types.ts';
import type { ApiRequest, ApiResponse, Handler } from '../http/types.ts';
import type { RestCall, RestContext } from './context.ts';
import { RestError, fromDatabaseError, renderRestError } from './errors.ts';
import { chooseMedia } from './media.ts';
import { parsePreferences } from './preferences.ts';
import { parseQueryParams } from './query-params.ts';
import { readTable } from './read.ts';
import { ANON_ROLE, resolveRequestRole } from './request-role.ts';
import type { RequestRole } from './request-role.ts';
import { callFunction } from './rpc.ts';
import type { Relation } from './schema-cache.ts';
import { deleteRows, insertRows, updateRows } from './write.ts';

// /rest/v1: the gateway's key check, then PostgREST: schema profile, JWT role, Prefer and Accept,
// the query string, and dispatch to tables or /rpc. Errors always leave as PostgREST's JSON — never
// an empty 404, which postgrest-js would mistake for success.

const EXPOSED_SCHEMAS = ['public', 'graphql_public'];

function checkProfile(request: ApiRequest): void {
	const reading = request.method === 'GET' || request.method === 'HEAD';
	const profile = header(request, reading ? 'accept-profile' : 'content-profile');
	if (profile !== undefined && profile !== 'public') {
		throw new RestError(
			406,
			'PGRST106',
			`Invalid schema: ${profile}`,
			null,
			`Only the following schemas are exposed: ${EXPOSED_SCHEMAS.join(', ')}`,
		);
	}
}

async function findRelation(ctx: RestContext, name: string): Promise<Relation> {
	const known = ctx.schema.relations.get(name);
	if (known) return known;
	if (await ctx.refreshSchema()) {
		const reloaded = ctx.schema.relations.get(name);
		if (reloaded) return reloaded;
	}
	throw new RestError(
		404,
		'PGRST205',
		`Could not find the table 'public.${name}' in the schema cache`,
	);
}

async function dispatch(ctx: RestContext, call: RestCall): Promise<ApiResponse> {
	const { method, path } = call.request;
	const rpc = /^\/rpc\/([^/]+)$/.exec(path);
	if (rpc) {
		if (!['GET', 'HEAD', 'POST'].includes(method))
			throw new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
		return callFunction(ctx, call, decodeURIComponent(rpc[1] as string));
	}
	const table = /^\/([^/]+)$/.exec(path);
	if (!table) throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
	const relation = await findRelation(ctx, decodeURIComponent(table[1] as string));
	switch (method) {
		case 'GET':
		case 'HEAD':
			return readTable(ctx, call, relation);
		case 'POST':
			return insertRows(ctx, call, relation);
		case 'PATCH':
			return updateRows(ctx, call, relation);
		case 'DELETE':
			return deleteRows(ctx, call, relation);
		default:
			throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
	}
}

export function createRestHandler(ctx: RestContext): Handler {
	return async (request) => {
		let who: RequestRole = { role: ANON_ROLE, claims: { role: ANON_ROLE } };
		try {
			const gateway = passGateway(request, ctx.keys);
			if (!gateway.ok) return gateway.response;
			checkProfile(request);
			who = await resolveRequestRole(gateway.authorization, ctx.keys, ctx.schema.roles);
			const call: RestCall = {
				request,
				who,
				params: parseQueryParams(request.url.search),
				prefs: parsePreferences(header(request, 'prefer')),
				media: chooseMedia(header(request, 'accept')),
			};
			return await dispatch(ctx, call);
		} catch (error) {
			if (error instanceof RestError) return renderRestError(error);
			const mapped = fromDatabaseError(error, who.role !== ANON_ROLE);
			if (mapped.status >= 500) console.error('[local-stack] rest request failed:', error);
			return renderRestError(mapped);
		}
	};
}
