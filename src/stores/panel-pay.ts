import { atom } from 'nanostores';
import { postJson } from './panel-fetch';
import type { PaymentMethodKind } from '../lib/domain/payment-method';

// Paying from the panel: the server makes the gateway payment for amounts it reads itself (the
// browser names only invoices and a method) and answers where to send the customer.

export const $paying = atom<{ busy: boolean; error: string | null }>({ busy: false, error: null });

/** One invoice (`/api/invoices/{id}/pay`) or several as one payment (`/api/invoices/pay`). */
export async function payInvoices(
	invoiceIds: string[],
	method: PaymentMethodKind,
	locale: string,
	fallback: string,
	fetcher: typeof fetch = fetch,
): Promise<void> {
	if (invoiceIds.length === 0 || $paying.get().busy) return;
	$paying.set({ busy: true, error: null });
	const single = invoiceIds.length === 1;
	const answer = await postJson<{ paymentUrl?: string | null }>(
		single ? `/api/invoices/${invoiceIds[0]}/pay` : '/api/invoices/pay',
		single ? { method, locale } : { invoiceIds, method, locale },
		fallback,
		fetcher,
	);
	if (answer.ok && answer.data.paymentUrl) {
		window.location.assign(answer.data.paymentUrl);
		return; // busy until the browser leaves, so a second click cannot start another payment
	}
	$paying.set({ busy: false, error: answer.ok ? fallback : answer.message });
}
