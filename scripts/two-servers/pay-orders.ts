import type { Customer } from './browser.ts';
import { isOrder, type CheckoutAnswer } from './checkouts.ts';
import type { SiteNode } from './cluster.ts';
import { payOnBoth, sameEventToBoth, type Answer } from './payments.ts';

// Every order paid at once, half one way and half the other (payments.ts): the same signed event
// to both servers for even keys, Pay pressed on both servers' TEST MODE pages for odd ones. Which
// server is sent first alternates every two keys, so each way starts on A as often as on B.

export type PaymentWay = 'same signed event to both' | 'Pay pressed on both';

export interface PaymentRun {
	key: string;
	how: PaymentWay;
	answers: Answer[];
	/** The event both servers were sent (same-event deliveries only). */
	eventId: string | null;
}

export async function payOrders(
	sites: readonly SiteNode[],
	checkouts: CheckoutAnswer[],
	keys: string[],
	customer: Customer,
	secret: string,
): Promise<PaymentRun[]> {
	const runs = await Promise.all(
		keys.map(async (key, i): Promise<PaymentRun | null> => {
			const ordered = Math.floor(i / 2) % 2 ? sites.toReversed() : [...sites];
			const pages = ordered.flatMap((site) => {
				const answer = checkouts.find((c) => c.key === key && c.server === site.name);
				return answer && isOrder(answer.body) && answer.body.paymentUrl
					? [{ site, paymentUrl: answer.body.paymentUrl }]
					: [];
			});
			if (pages.length === 0) return null;
			if (i % 2 === 0) {
				const { eventId, answers } = await sameEventToBoth(ordered, pages[0]!.paymentUrl, secret);
				return { key, how: 'same signed event to both', answers, eventId };
			}
			const answers = await payOnBoth(pages, customer);
			return { key, how: 'Pay pressed on both', answers, eventId: null };
		}),
	);
	return runs.filter((run) => run !== null);
}

/** A gateway's delivery taken (2xx), or Pay answered with the way back to the order (303, no error). */
export const accepted = (answer: Answer) =>
	answer.location
		? answer.status === 303 && !answer.location.includes('error=')
		: answer.status >= 200 && answer.status < 300;
