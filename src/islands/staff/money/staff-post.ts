import { useRef, useState } from 'react';
import { postJson, type Sent } from '../../../stores/panel-fetch';

/**
 * Posts one intended staff action. Its request id is made once and kept for a retry of the same
 * submit (an answer lost on the way: the server answers the first once), and renewed only after
 * an answer arrived, so the next action is a new one.
 */
export function useStaffPost(url: string, fallback: string) {
	const requestId = useRef<string | null>(null);
	const [busy, setBusy] = useState(false);
	async function post(body: Record<string, unknown>): Promise<Sent<unknown>> {
		requestId.current ??= crypto.randomUUID();
		setBusy(true);
		try {
			const sent = await postJson<unknown>(
				url,
				{ ...body, requestId: requestId.current },
				fallback,
			);
			// 'network': no answer came, so the same id goes with the next try.
			if (sent.ok || sent.code !== 'network') requestId.current = null;
			return sent;
		} finally {
			setBusy(false);
		}
	}
	return { post, busy };
}
