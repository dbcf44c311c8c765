import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What is left of a body when its answer is out: a route may answer before reading (a refused
 * write, a route that needs no body) or stop at its cap (src/server/http/body.ts). A small remainder
 * is read and dropped, so the connection lives on for the client's next request (closing it then
 * would reset a keep-alive client's next request); a larger one, or one whose reading was stopped,
 * is not read at all: the connection closes once the answer is out.
 */
const drainBudgetBytes = 64 * 1024;

export function closeWhenBodyUnread(req: IncomingMessage, res: ServerResponse): void {
	// Taken now: by the time the answer is finished, Node has let go of the request's socket.
	const socket = req.socket;
	res.once('finish', () => {
		if (req.complete) return;
		if (req.destroyed) return void socket.destroySoon();
		let drained = 0;
		req.on('data', (chunk: Buffer) => {
			drained += chunk.length;
			if (drained > drainBudgetBytes) socket.destroySoon();
		});
		req.resume();
	});
}
