import { atom } from 'nanostores';
import type { CancelPage } from '../lib/panel/types';

export type { CancelPage, ChatConfig } from '../lib/panel/types';
import { panelResource, postJson } from './panel-fetch';
import type { PaymentMethodKind } from '../lib/domain/payment-method';

// The cancel page: its one read, and the three things it can do (cancel, keep, pause). The
// server reads every amount and date; the browser names only the server, a reason and months.

const page = panelResource<CancelPage>();

export const $cancelPage = page.$data;
export const loadCancelPage = (id: string, fallback: string, fetcher?: typeof fetch) =>
	page.load(`/api/panel/services/${encodeURIComponent(id)}/cancel`, fallback, fetcher);

export type CancelAction = 'cancel' | 'keep' | 'pause';

/** The action under way (one at a time), the last refusal (shown where it was asked), and done. */
export const $cancelAction = atom<{
	busy: CancelAction | null;
	error: { action: CancelAction; message: string } | null;
	done: CancelAction | null;
}>({ busy: null, error: null, done: null });

const url = (id: string, action: string) => `/api/services/${encodeURIComponent(id)}/${action}`;

async function send<T>(action: CancelAction, run: () => Promise<T | null>): Promise<T | null> {
	if ($cancelAction.get().busy) return null;
	$cancelAction.set({ busy: action, error: null, done: null });
	return run();
}

function failed(action: CancelAction, message: string) {
	$cancelAction.set({ busy: null, error: { action, message }, done: null });
}

/** Cancels at the period's end, then goes to `next` (the server's page); busy until it leaves. */
export const cancelService = (
	id: string,
	request: { reason: string; locale: string },
	fallback: string,
	next: string,
	fetcher: typeof fetch = fetch,
) =>
	send('cancel', async () => {
		const answer = await postJson<{ deletionDate: string | null }>(
			url(id, 'cancel'),
			request,
			fallback,
			fetcher,
		);
		if (answer.ok) window.location.assign(next);
		else failed('cancel', answer.message);
		return answer;
	});

/** Withdraws a pending cancellation; the page shows the offers and the form again. */
export const keepService = (id: string, locale: string, fallback: string, fetcher = fetch) =>
	send('keep', async () => {
		const answer = await postJson(url(id, 'keep'), { locale }, fallback, fetcher);
		const loaded = $cancelPage.get();
		if (!answer.ok) failed('keep', answer.message);
		else {
			$cancelAction.set({ busy: null, error: null, done: 'keep' });
			if (loaded.state === 'ready')
				$cancelPage.set({ ...loaded, data: { ...loaded.data, cancelAtPeriodEnd: false } });
		}
		return answer;
	});

/** Asks for a pause of `months` and opens the gateway's page to pay its fee. */
export const pauseService = (
	id: string,
	request: { months: number; method: PaymentMethodKind; locale: string },
	fallback: string,
	fetcher: typeof fetch = fetch,
) =>
	send('pause', async () => {
		const answer = await postJson<{ paymentUrl?: string }>(
			url(id, 'pause'),
			request,
			fallback,
			fetcher,
		);
		if (answer.ok && answer.data.paymentUrl) window.location.assign(answer.data.paymentUrl);
		else failed('pause', answer.ok ? fallback : answer.message);
		return answer;
	});
