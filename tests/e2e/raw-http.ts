import { request as httpRequest } from 'node:http';

// Requests the browser cannot make: from a chosen loopback source address (Linux routes all of
// 127.0.0.0/8 to this machine), with a path sent exactly as written, and no redirects followed.

/**
 * A loopback source address no other test uses, this run or an earlier one against the same
 * backend: per-address limits then count this test's requests only. 127.0.0.1 is left out, as the
 * e2e server trusts it as its proxy (scripts/e2e-server.ts).
 */
export function loopback(): string {
	const byte = () => Math.floor(Math.random() * 256);
	return `127.${1 + Math.floor(Math.random() * 255)}.${byte()}.${1 + Math.floor(Math.random() * 254)}`;
}

export const sitePort = Number(process.env.E2E_PORT ?? 4391);
export const siteOrigin = `http://127.0.0.1:${sitePort}`;

export interface RawResponse {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	body: string;
}

export function raw(
	path: string,
	options: {
		from?: string;
		method?: string;
		form?: Record<string, string>;
		json?: unknown;
		headers?: Record<string, string>;
	} = {},
): Promise<RawResponse> {
	const body = options.form
		? new URLSearchParams(options.form).toString()
		: options.json !== undefined
			? JSON.stringify(options.json)
			: undefined;
	const type = options.form ? 'application/x-www-form-urlencoded' : 'application/json';
	return new Promise((resolve, reject) => {
		const req = httpRequest(
			{
				host: '127.0.0.1',
				port: sitePort,
				path,
				method: options.method ?? (body ? 'POST' : 'GET'),
				localAddress: options.from,
				headers: {
					...(body ? { 'Content-Type': type, Origin: siteOrigin } : {}),
					...options.headers,
				},
			},
			(res) => {
				let text = '';
				res.setEncoding('utf8');
				res.on('data', (chunk: string) => (text += chunk));
				res.on('end', () =>
					resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
				);
			},
		);
		req.on('error', reject);
		req.end(body);
	});
}

/** Posts the sign-in form as a script would. */
export function postLogin(from: string, email: string, password: string, query = '') {
	return raw(`/login${query}`, { from, form: { email, password } });
}

export interface StreamedPost extends RawResponse {
	/** How many bytes the server let the client send before it stopped reading. */
	sent: number;
}

/**
 * Posts `total` bytes with `Transfer-Encoding: chunked` (no Content-Length, so nothing tells the
 * server the size up front), writing only as fast as the server reads. Resolves once the server
 * has answered and the request is over, finished or cut off.
 */
export function postChunked(
	path: string,
	total: number,
	headers: Record<string, string>,
	from?: string,
): Promise<StreamedPost> {
	return new Promise((resolve) => {
		let sent = 0;
		let answer: RawResponse | undefined;
		let over = false;
		const settle = () => {
			if (answer && over) resolve({ ...answer, sent });
		};
		const req = httpRequest(
			{
				host: '127.0.0.1',
				port: sitePort,
				path,
				method: 'POST',
				localAddress: from,
				headers: { Origin: siteOrigin, ...headers, 'Transfer-Encoding': 'chunked' },
			},
			(res) => {
				let text = '';
				res.setEncoding('utf8');
				res.on('data', (chunk: string) => (text += chunk));
				res.on('end', () => {
					answer = { status: res.statusCode ?? 0, headers: res.headers, body: text };
					settle();
				});
			},
		);
		// A server that stops reading closes the connection: the writes fail, which is the point.
		req.on('error', () => undefined);
		req.on('close', () => {
			over = true;
			// Cut off before any answer came: status 0, for the test to report.
			if (!answer) answer = { status: 0, headers: {}, body: '' };
			settle();
		});
		const chunk = Buffer.alloc(64 * 1024, 'a');
		const pump = () => {
			while (sent < total && !req.destroyed) {
				sent += chunk.byteLength;
				if (!req.write(chunk)) return void req.once('drain', pump);
			}
			if (!req.destroyed) req.end();
		};
		pump();
	});
}
