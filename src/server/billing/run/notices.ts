import { z } from 'zod';
import { deliver } from '../../mail/product-mail';
import type { AdminClient } from '../../supabase/admin-client';
import { billingMail, noticeSchema } from './notice-mail';

// The billing mails owed (the outbox the run's steps write), sent in the customer's language in
// batches, each batch marked sent once it went out. A mail server that stops answering leaves the
// rest for the next run; a crash mid-batch sends a few twice rather than none.

const BATCH = 100;
/** Mails in flight at once: the SMTP pool's connections. */
const PARALLEL = 4;
/** A run stops sending after this long; what is left goes out with the next run. */
const BUDGET_MS = 5 * 60 * 1000;

/** Sends the owed billing mails, batch by batch, within the run's budget; returns how many went out. */
export async function sendBillingNotices(admin: AdminClient, origin: string): Promise<number> {
	const started = Date.now();
	let sent = 0;
	while (Date.now() - started < BUDGET_MS) {
		const { data, error } = await admin.rpc('billing_notices_due', { max: BATCH });
		if (error) throw new Error(`billing_notices_due: ${error.message}`);
		const batch = z.array(noticeSchema).parse(data);
		if (batch.length === 0) break;
		const done: number[] = [];
		let refused = false;
		// A few at a time, one per pooled SMTP connection; a refusal stops the batch after them.
		for (let at = 0; at < batch.length && !refused; at += PARALLEL) {
			const chunk = batch.slice(at, at + PARALLEL);
			const results = await Promise.all(
				// An account deleted since has no address: nothing to send, nothing left owed.
				chunk.map((notice) =>
					notice.email ? deliver(() => billingMail(notice, origin)) : Promise.resolve(null),
				),
			);
			results.forEach((result, i) => {
				if (result === false) return void (refused = true);
				if (result) sent++;
				done.push(chunk[i]!.id);
			});
		}
		const marked = await admin.rpc('mark_notices_sent', { notices: done });
		if (marked.error) throw new Error(`mark_notices_sent: ${marked.error.message}`);
		if (done.length < batch.length) break; // the mail server stopped taking mail
	}
	return sent;
}
