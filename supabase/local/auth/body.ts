import { isObject } from '../keys/jwt.ts';
import { MAX_JSON_DEPTH, exceedsJsonDepth } from '@frostnode/json-depth';
import type { ApiRequest } from '../http/types.ts';
import { badRequest } from './errors.ts';

// GoTrue request bodies with Go's decoding rules: unknown keys are ignored, null means absent, and
// a value of the wrong type (or a body that is not a JSON object) is 400 bad_json. So is a body
// nested too deeply to walk safely, refused before it is parsed.

export type Body = Record<string, unknown>;

export function parseBody(request: ApiRequest): Body {
	const text = request.body.toString('utf8').trim();
	if (text === '') return {};
	if (exceedsJsonDepth(text)) {
		throw badRequest(
			'bad_json',
			`Could not parse request body as JSON: nested more than ${MAX_JSON_DEPTH} levels deep`,
		);
	}
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch (error) {
		throw badRequest(
			'bad_json',
			`Could not parse request body as JSON: ${(error as Error).message}`,
		);
	}
	if (!isObject(value))
		throw badRequest('bad_json', 'Could not parse request body as JSON: expected a JSON object');
	return value;
}

export function optionalString(body: Body, key: string): string | undefined {
	const value = body[key];
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'string') {
		throw badRequest(
			'bad_json',
			`Could not parse request body as JSON: json: cannot unmarshal ${typeof value} into field ${key} of type string`,
		);
	}
	return value;
}

export function optionalObject(body: Body, key: string): Record<string, unknown> | undefined {
	const value = body[key];
	if (value === undefined || value === null) return undefined;
	if (!isObject(value)) {
		throw badRequest(
			'bad_json',
			`Could not parse request body as JSON: json: cannot unmarshal into field ${key} of type object`,
		);
	}
	return value;
}

export function optionalBoolean(body: Body, key: string): boolean | undefined {
	const value = body[key];
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'boolean') {
		throw badRequest(
			'bad_json',
			`Could not parse request body as JSON: json: cannot unmarshal into field ${key} of type bool`,
		);
	}
	return value;
}
