import { useRef, useState } from 'react';

/** What a staff write answered: ok with its body, or the server's translated message. */
export type Answer = { ok: true; body: unknown } | { ok: false; message: string };

const errorSchema = (body: unknown): string | null => {
	if (typeof body !== 'object' || body === null || !('error' in body)) return null;
	const { error } = body;
	if (typeof error !== 'object' || error === null || !('message' in error)) return null;
	return typeof error.message === 'string' ? error.message : null;
};

/**
 * Posts one intended staff action. Its request id is made once and kept for a retry of the same
 * submit (a double click, a lost answer: the server answers the first once), and renewed only
 * after an answer arrived, so the next action is a new one.
 */
export function useStaffPost(url: string, fallback: string) {
	const requestId = useRef<string | null>(null);
	const [busy, setBusy] = useState(false);
	async function post(body: Record<string, unknown>): Promise<Answer> {
		requestId.current ??= crypto.randomUUID();
		setBusy(true);
		try {
			const response = await fetch(url, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ ...body, requestId: requestId.current }),
			});
			const answer: unknown = await response.json().catch(() => null);
			requestId.current = null;
			if (response.ok) return { ok: true, body: answer };
			return { ok: false, message: errorSchema(answer) ?? fallback };
		} catch {
			// No answer: the same id again on the next try, so the action is not done twice.
			return { ok: false, message: fallback };
		} finally {
			setBusy(false);
		}
	}
	return { post, busy };
}
