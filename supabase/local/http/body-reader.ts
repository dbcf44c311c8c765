import type { IncomingMessage } from 'node:http';

// Reads a request body up to a size cap. A declared Content-Length over the cap is refused before
// reading; a body that grows past it while streaming is drained and refused too.

export type BodyResult = { ok: true; body: Buffer } | { ok: false };

export function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
	const declared = Number(req.headers['content-length'] ?? '0');
	if (declared > limit) return Promise.resolve({ ok: false });
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		let over = false;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > limit) over = true;
			else chunks.push(chunk);
		});
		req.on('end', () => resolve(over ? { ok: false } : { ok: true, body: Buffer.concat(chunks) }));
		req.on('error', reject);
	});
}
