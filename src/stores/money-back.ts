import { atom } from 'nanostores';
import { postJson } from './panel-fetch';

// The money-back guarantee as the panel asks for it: offered (from the page's read), confirmed
// with a reason, then refunded by POST /api/services/{id}/refund. The server decides and computes
// everything; the browser sends only the reason and shows the credit note it answers.

export interface MoneyBackDone {
	number: string;
	total: number;
	currency: string;
}

export const $moneyBack = atom<{
	step: 'offer' | 'confirm';
	busy: boolean;
	error: string | null;
	done: MoneyBackDone | null;
}>({ step: 'offer', busy: false, error: null, done: null });

export const confirmMoneyBack = (open: boolean) =>
	$moneyBack.set({ ...$moneyBack.get(), step: open ? 'confirm' : 'offer', error: null });

/** Asks for the refund; on success the credit note, and `after` (the page reads itself again). */
export async function claimMoneyBack(
	serviceId: string,
	request: { reason: string; locale: string },
	fallback: string,
	after: () => Promise<void> | void,
	fetcher: typeof fetch = fetch,
): Promise<void> {
	const now = $moneyBack.get();
	if (now.busy) return;
	$moneyBack.set({ ...now, busy: true, error: null });
	const answer = await postJson<MoneyBackDone>(
		`/api/services/${encodeURIComponent(serviceId)}/refund`,
		request,
		fallback,
		fetcher,
	);
	if (!answer.ok) return $moneyBack.set({ ...now, busy: false, error: answer.message });
	const { number, total, currency } = answer.data;
	$moneyBack.set({ step: 'offer', busy: false, error: null, done: { number, total, currency } });
	await after();
}
