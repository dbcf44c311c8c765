import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * An answer sent before its request's body arrived whole (a body past its route's cap,
 * src/server/http/body.ts, or a route that never needed it) leaves the rest of that body on the
 * wire. Node would otherwise either read it all just to throw it away or, once the route stopped
 * the stream, hold the connection open waiting: close it once the answer is out instead.
 */
export function closeWhenBodyUnread(req: IncomingMessage, res: ServerResponse): void {
	// Taken now: by the time the answer is finished, Node has let go of the request's socket.
	const socket = req.socket;
	res.once('finish', () => {
		if (!req.complete) socket.destroySoon();
	});
}
