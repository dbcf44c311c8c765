import { useRef, useState } from 'react';

export type PostState =
	{ kind: 'idle' } | { kind: 'busy' } | { kind: 'done' } | { kind: 'error'; message: string };

/**
 * A staff write from an island: one request id per intended action, kept when the answer never
 * came (a retry of the same submit is answered once by the door) and renewed once one arrives.
 * On success the page reloads, so the facts it shows are the database's, not the island's.
 */
export function useStaffPost(locale: string, failed: string) {
	const requestId = useRef<string | null>(null);
	const [state, setState] = useState<PostState>({ kind: 'idle' });

	async function post(url: string, body: Record<string, unknown>, reload = true) {
		requestId.current ??= crypto.randomUUID();
		setState({ kind: 'busy' });
		let response: Response;
		try {
			response = await fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ ...body, locale, requestId: requestId.current }),
			});
		} catch {
			setState({ kind: 'error', message: failed });
			return null;
		}
		requestId.current = null;
		const answer: unknown = await response.json().catch(() => null);
		if (!response.ok) {
			setState({ kind: 'error', message: errorMessage(answer) ?? failed });
			return null;
		}
		setState({ kind: 'done' });
		if (reload) window.location.reload();
		return answer;
	}

	return { state, post };
}

function errorMessage(answer: unknown): string | null {
	if (typeof answer !== 'object' || answer === null || !('error' in answer)) return null;
	const { error } = answer;
	if (typeof error !== 'object' || error === null || !('message' in error)) return null;
	return typeof error.message === 'string' ? error.message : null;
}

/** What the island says about its last write: working, done, or the refusal in words. */
export function PostStatus({ state, t }: { state: PostState; t: (key: string) => string }) {
	if (state.kind === 'busy') return <p role="status">{t('staff.services.working')}</p>;
	if (state.kind === 'done') return <p role="status">{t('staff.services.done')}</p>;
	if (state.kind === 'error')
		return (
			<p role="alert" className="text-red-300" data-staff-error>
				{state.message}
			</p>
		);
	return null;
}
