import { request as httpRequest } from 'node:http';

// Requests the browser cannot make: from a chosen loopback source address (Linux routes all of
// 127.0.0.0/8 to this machine), with a path sent exactly as written, and no redirects followed.

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
