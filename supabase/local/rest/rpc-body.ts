import { header } from '../http/types.ts';
import type { RestCall } from './context.ts';
import { RestError } from './errors.ts';
import { invalidJson, isRecord, parseJsonText } from './payload.ts';
import { splitQuery } from './query-params.ts';

// What an RPC request brings, read the way PostgREST's ApiRequest/Payload.hs reads it: the argument
// names the function lookup matches on, their values, and the raw body a function with a single
// unnamed parameter receives. The Content-Type decides how a POST body is read (application/json when
// absent); GET and HEAD take their arguments from the query string.

/** The body kinds PostgREST accepts for RPC; text, xml and bytea are raw bodies. */
export type RpcMedia = 'json' | 'text' | 'xml' | 'bytea' | 'urlencoded';

export interface RpcInput {
	isPost: boolean;
	media: RpcMedia;
	/** Argument names, unique; PostgREST's paramKeys. */
	keys: string[];
	args: Record<string, unknown>;
	/** What a single unnamed parameter is called with. */
	raw: string | Buffer;
}

const MEDIA: Record<string, RpcMedia> = {
	'application/json': 'json',
	'application/vnd.pgrst.array+json': 'json',
	'application/vnd.pgrst.array': 'json',
	'text/plain': 'text',
	'text/xml': 'xml',
	'application/octet-stream': 'bytea',
	'application/x-www-form-urlencoded': 'urlencoded',
};

function mediaOf(contentType: string | undefined): RpcMedia {
	if (contentType === undefined) return 'json';
	const [type = '', ...params] = contentType.split(';').map((part) => part.trim().toLowerCase());
	const media = MEDIA[type];
	// The array media type with stripped nulls is a response format, not a body PostgREST reads.
	const stripped =
		media === 'json' && type !== 'application/json' && params.includes('nulls=stripped');
	if (!media || stripped)
		throw new RestError(400, 'PGRST102', `Content-Type not acceptable: ${contentType.trim()}`);
	return media;
}

/** A JSON body: an object, or an array of objects with the same keys of which the first is used. */
function jsonInput(
	text: string,
	columns: string[] | undefined,
): Omit<RpcInput, 'isPost' | 'media'> {
	if (text.length === 0 && !columns) return { keys: [], args: {}, raw: text };
	const parsed = parseJsonText(text);
	const first: unknown = Array.isArray(parsed) ? parsed[0] : parsed;
	if (columns) {
		if (!isRecord(first)) throw invalidJson();
		return { keys: [...new Set(columns)], args: first, raw: text };
	}
	if (Array.isArray(parsed)) {
		if (parsed.length === 0) return { keys: [], args: {}, raw: text };
		const signature = (row: unknown) =>
			isRecord(row) ? Object.keys(row).sort().join('\u0000') : undefined;
		if (!isRecord(first) || parsed.some((row) => signature(row) !== signature(first)))
			throw new RestError(400, 'PGRST102', 'All object keys must match');
		return { keys: Object.keys(first), args: first, raw: text };
	}
	// Any other JSON value stands for an empty array of arguments.
	if (!isRecord(parsed)) return { keys: [], args: {}, raw: '[]' };
	return { keys: Object.keys(parsed), args: parsed, raw: text };
}

function pairsInput(pairs: [string, string][]): Omit<RpcInput, 'isPost' | 'media'> {
	const args: Record<string, unknown> = Object.fromEntries(pairs);
	return { keys: Object.keys(args), args, raw: JSON.stringify(args) };
}

export function readRpcInput(call: RestCall): RpcInput {
	const isPost = call.request.method === 'POST';
	if (!isPost) return { isPost, media: 'json', ...pairsInput(call.params.args) };
	const media = mediaOf(header(call.request, 'content-type'));
	const body = call.request.body;
	switch (media) {
		case 'json':
			return { isPost, media, ...jsonInput(body.toString('utf8'), call.params.columns) };
		case 'urlencoded':
			return { isPost, media, ...pairsInput(splitQuery(body.toString('utf8'))) };
		case 'bytea':
			return { isPost, media, keys: [], args: {}, raw: body };
		default:
			return { isPost, media, keys: [], args: {}, raw: body.toString('utf8') };
	}
}
