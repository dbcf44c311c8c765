import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listPage, messagePage, notFoundPage } from './pages.ts';
import type { Mailbox } from './store.ts';

// The mailbox port (54324, where `supabase start` puts its mail catcher): HTML for people, and a JSON
// API for tests — GET /api/messages, GET /api/messages/:id, DELETE /api/messages[/:id].

function send(
	res: ServerResponse,
	status: number,
	type: string,
	body: string,
	extra: Record<string, string> = {},
): void {
	res.writeHead(status, {
		'Content-Type': type,
		'Content-Length': String(Buffer.byteLength(body)),
		'Cache-Control': 'no-store',
		...extra,
	});
	res.end(body);
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
	send(res, status, 'application/json; charset=utf-8', JSON.stringify(value), {
		'Access-Control-Allow-Origin': '*',
	});
}

function route(mailbox: Mailbox, req: IncomingMessage, res: ServerResponse): void {
	const path = new URL(req.url ?? '/', 'http://localhost').pathname.replace(/\/+$/, '') || '/';
	const method = req.method ?? 'GET';
	const html = 'text/html; charset=utf-8';
	const one = /^\/(api\/)?messages\/([^/]+)$/.exec(path);
	if (method === 'GET' && path === '/') return send(res, 200, html, listPage(mailbox.list()));
	if (method === 'POST' && path === '/clear') {
		mailbox.delete();
		return send(res, 303, html, '', { Location: '/' });
	}
	if (method === 'GET' && path === '/api/messages')
		return sendJson(res, 200, { messages: mailbox.list() });
	if (method === 'DELETE' && path === '/api/messages')
		return sendJson(res, 200, { deleted: mailbox.delete() });
	if (one) {
		const id = decodeURIComponent(one[2] as string);
		const message = mailbox.get(id);
		if (one[1] && method === 'DELETE')
			return sendJson(res, message ? 200 : 404, { deleted: mailbox.delete(id) });
		if (one[1] && method === 'GET')
			return message ? sendJson(res, 200, message) : sendJson(res, 404, { error: 'not found' });
		if (!one[1] && method === 'GET')
			return message
				? send(res, 200, html, messagePage(message))
				: send(res, 404, html, notFoundPage());
	}
	if (path.startsWith('/api/')) return sendJson(res, 404, { error: 'not found' });
	send(res, 404, html, notFoundPage());
}

export async function startMailboxServer(
	mailbox: Mailbox,
	host: string,
	port: number,
): Promise<{ server: Server; port: number }> {
	const server = createServer((req, res) => {
		req.resume();
		req.on('end', () => route(mailbox, req, res));
	});
	server.keepAliveTimeout = 5_000;
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => resolve());
	});
	return { server, port: (server.address() as AddressInfo).port };
}
