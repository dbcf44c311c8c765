import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * What is left of a body when its answer is out: a route may answer before reading (a refused
 * write, a route that needs no body) or stop at its cap (src/server/http/body.ts). A small remainder
 * is read and dropped, so the connection lives on for the client's next request (closing it then
 * would reset a keep-alive client's next request); a larger one, or one whose reading was stopped,
 * is not read at all: the connection is closed after a linger.
 */
const drainBudgetBytes = 64 * 1024;
const lingerMs = 2_000;

export function closeWhenBodyUnread(req: IncomingMessage, res: ServerResponse): void {
	// Taken now: by the time the answer is finished, Node has let go of the request's socket.
	const socket = req.socket;
	res.once('finish', () => {
		if (req.complete) return;
		if (req.destroyed) return lingerThenClose(socket);
		let drained = 0;
		const drop = (chunk: Buffer) => {
			drained += chunk.length;
			if (drained <= drainBudgetBytes) return;
			req.off('data', drop);
			lingerThenClose(socket);
		};
		req.on('data', drop);
		req.resume();
	});
}

/**
 * Closing a socket whose peer is still sending makes the kernel answer with a reset, which can
 * wipe the answer out of the client's buffers before it is read. So: stop reading (the client's
 * writes stall on a full window, costing us nothing), send the answer's end (a FIN), and only
 * destroy the socket once the client has had time to read it, or when it hangs up first.
 */
function lingerThenClose(socket: Socket): void {
	socket.pause();
	socket.end();
	const timer = setTimeout(() => socket.destroy(), lingerMs);
	timer.unref();
	socket.once('close', () => clearTimeout(timer));
}
