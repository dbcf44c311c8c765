import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { log } from '../src/server/log/logger.ts';

/**
 * Each request's id and its one log line. The id comes from the operator's proxy when it sends a
 * sane `X-Request-Id` (so proxy and site logs join up), else is made here; it is returned in the
 * response and carried by every line logged while the request is served. The line names the path
 * without its query: queries carry reset codes and sign-in codes.
 */
const saneId = /^[\w.:-]{8,128}$/;

export function requestIdOf(req: IncomingMessage, fromProxy: boolean): string {
	const given = req.headers['x-request-id'];
	return fromProxy && typeof given === 'string' && saneId.test(given) ? given : randomUUID();
}

export function logWhenDone(req: IncomingMessage, res: ServerResponse, requestId: string): void {
	const started = process.hrtime.bigint();
	let logged = false;
	const done = (event: 'finish' | 'close') => {
		if (logged) return;
		logged = true;
		const status = res.statusCode;
		log(status >= 500 ? 'error' : 'info', 'request', {
			requestId,
			method: req.method,
			path: (req.url ?? '/').split('?')[0],
			status,
			ms: Number(process.hrtime.bigint() - started) / 1e6,
			...(event === 'close' && !res.writableFinished ? { aborted: true } : {}),
		});
	};
	res.once('finish', () => done('finish'));
	res.once('close', () => done('close'));
}
