/**
 * The one place a request body is read. It streams `request.body` and stops at `maxBytes`:
 * checking `Content-Length` alone does nothing against a chunked body, and reading the whole body
 * before measuring it lets one sender fill the server's memory. Past the cap the stream is
 * cancelled, so the server reads no further; the site server then closes the connection once the
 * answer is out (server/unread-body.ts), as the rest of the body is still on the wire.
 */

export type RawBody =
	{ ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; problem: 'too_large' | 'unreadable' };

export async function readCappedBody(request: Request, maxBytes: number): Promise<RawBody> {
	const declared = Number(request.headers.get('content-length') ?? '0');
	if (declared > maxBytes) {
		await request.body?.cancel().catch(() => undefined);
		return { ok: false, problem: 'too_large' };
	}
	if (!request.body) return { ok: true, bytes: new Uint8Array() };
	const reader = request.body.getReader();
	const chunks: Uint8Array[] = [];
	let total = 0;
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			total += value.byteLength;
			if (total > maxBytes) {
				await reader.cancel().catch(() => undefined);
				return { ok: false, problem: 'too_large' };
			}
			chunks.push(value);
		}
	} catch {
		// A sender that hung up, or the server's own backstop on body size (astro.config.mjs).
		return { ok: false, problem: 'unreadable' };
	}
	return { ok: true, bytes: Buffer.concat(chunks) };
}

/** The body as text (UTF-8; malformed bytes become U+FFFD, which any parser then refuses). */
export async function readCappedText(
	request: Request,
	maxBytes: number,
): Promise<{ ok: true; text: string } | { ok: false; problem: 'too_large' | 'unreadable' }> {
	const read = await readCappedBody(request, maxBytes);
	return read.ok ? { ok: true, text: new TextDecoder().decode(read.bytes) } : read;
}

/**
 * One field of a parsed JSON body, unchecked: undefined unless the body is an object that has it
 * (JSON.parse makes every field an own property). For a field read before or without the body's
 * schema, such as the language a refusal is worded in: the caller's guard decides what it is.
 */
export function bodyField(raw: unknown, name: string): unknown {
	if (typeof raw !== 'object' || raw === null) return undefined;
	return Object.getOwnPropertyDescriptor(raw, name)?.value;
}
