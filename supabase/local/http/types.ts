import type { IncomingHttpHeaders } from 'node:http';

// Handlers are plain functions from a parsed request to a response value. Keeping Node's streams at
// the edge (server.ts) makes every handler easy to reason about and to test.

export interface ApiRequest {
	method: string;
	url: URL;
	/** Path below the service prefix, e.g. `/token` for `/auth/v1/token`. */
	path: string;
	headers: IncomingHttpHeaders;
	body: Buffer;
	/** Client address, used by rate limits. */
	ip: string;
}

export interface ApiResponse {
	status: number;
	headers?: Record<string, string>;
	/** Already serialised; undefined means no body at all. */
	body?: string;
}

export type Handler = (request: ApiRequest) => Promise<ApiResponse>;

export function json(
	status: number,
	value: unknown,
	headers: Record<string, string> = {},
): ApiResponse {
	return {
		status,
		headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
		body: JSON.stringify(value),
	};
}

export function header(request: ApiRequest, name: string): string | undefined {
	const value = request.headers[name.toLowerCase()];
	return Array.isArray(value) ? value.join(', ') : value;
}
