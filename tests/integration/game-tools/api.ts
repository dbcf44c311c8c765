import type { APIContext, APIRoute } from 'astro';

// Calls a route module as the site does: a Request with the customer's bearer token, the route's
// params, an address for the limits. Answers the status, the JSON (or text) and the headers.

/**
 * The answers these tests read. Each test checks the fields its route answers (an error's or a
 * result's); the rest are absent at run time.
 */
export interface Answer {
	error: { code: string; message: string; limit?: number };
	backups: { id: string; name: string; state: string; locked: boolean; bytes: number }[];
	backup: { id: string; locked: boolean };
	limit: number;
	dir: string;
	files: { name: string; kind: string; bytes: number; modifiedAt: string }[];
	url: string;
	changes: { added: number; removed: number; changed: number };
}

export interface Routes {
	GET?: APIRoute;
	POST?: APIRoute;
	PUT?: APIRoute;
	DELETE?: APIRoute;
}

export async function call(
	routes: Routes,
	method: keyof Routes,
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
	let json: Answer | null = null;
	try {
		json = JSON.parse(raw) as Answer;
	} catch {
		json = null;
	}
	return { status: response.status, json: json!, text: raw, headers: response.headers };
}
