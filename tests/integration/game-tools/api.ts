import type { APIContext, APIRoute } from 'astro';

// Calls a route module as the site does: a Request with the customer's bearer token, the route's
// params, an address for the limits. Answers the status, the JSON (or text) and the headers.

export type Routes = Record<string, APIRoute | undefined>;

export async function call(
	routes: Routes,
	method: string,
	path: string,
	params: Record<string, string>,
	options: { bearer: string; body?: unknown; text?: string },
) {
	const url = new URL(path, 'http://127.0.0.1:4321');
	const headers: Record<string, string> = { Authorization: `Bearer ${options.bearer}` };
	let body: string | undefined;
	if (options.text !== undefined) {
		headers['Content-Type'] = 'text/plain; charset=utf-8';
		body = options.text;
	} else if (options.body !== undefined) {
		headers['Content-Type'] = 'application/json';
		body = JSON.stringify(options.body);
	}
	const route = routes[method];
	if (!route) throw new Error(`no ${method} on ${path}`);
	const response = await route({
		request: new Request(url, { method, headers, body }),
		url,
		params,
		locals: { clientAddress: '203.0.113.41' },
		cookies: { get: () => undefined },
	} as unknown as APIContext);
	const raw = await response.text();
	let json: unknown = null;
	try {
		json = JSON.parse(raw);
	} catch {
		json = null;
	}
	return {
		status: response.status,
		json: json as Record<string, any>,
		text: raw,
		headers: response.headers,
	};
}
