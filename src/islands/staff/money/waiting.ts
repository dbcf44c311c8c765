import { z } from 'zod';
import { fill } from '../../../lib/fill';
import type { PanelTools } from '../../panel/shared/context';

/** A money write above the limit is answered with the request it became (202), not the result. */
const waitingSchema = z.object({
	approval: z.object({
		amount: z.number(),
		currency: z.string(),
		status: z.literal('pending'),
	}),
});

/** What a money form says when its write waits for a second member of staff; null when it ran. */
export function waitingText(data: unknown, { t, money }: Pick<PanelTools, 't' | 'money'>) {
	const waiting = waitingSchema.safeParse(data);
	if (!waiting.success) return null;
	const { amount, currency } = waiting.data.approval;
	return fill(t('staff.money.approval.waiting'), { amount: money(amount, currency) });
}
