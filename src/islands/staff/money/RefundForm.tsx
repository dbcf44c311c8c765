import { useState } from 'react';
import { z } from 'zod';
import { fill } from '../../../lib/fill';
import { formatMajorAmount } from '../../../lib/money';
import { panelTools, type PanelProps } from '../../panel/shared/context';
import { approvalAbove } from '../../../lib/staff/money-limits';
import type { Currency } from '../../../lib/domain/currency';
import { AmountReasonFields, FormAnswer } from './AmountReasonFields';
import { useStaffPost } from './staff-post';
import { waitingText } from './waiting';

interface Props extends PanelProps {
	invoiceId: string;
	currency: Currency;
	/** Minor units left to refund: the amount field starts with all of it. */
	refundable: number;
}

const doneSchema = z.object({
	creditNote: z.object({ number: z.string(), total: z.number(), currency: z.string() }),
});

/** Staff refund (part of) an invoice: the amount in major units, prefilled with the rest; a reason. */
export default function RefundForm(props: Props) {
	const tools = panelTools(props);
	const { t, money } = tools;
	const [rest, setRest] = useState(props.refundable);
	const [amount, setAmount] = useState(formatMajorAmount(props.refundable));
	const [reason, setReason] = useState('');
	const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
	const url = `/api/staff/invoices/${props.invoiceId}/refunds`;
	const { post, busy } = useStaffPost(url, t('staff.money.error.failed'));

	if (rest <= 0) return <p data-refund-none>{t('staff.money.refund.nothingLeft')}</p>;

	async function submit() {
		if (!reason.trim()) return setAnswer({ ok: false, text: t('staff.money.error.reason') });
		const result = await post({ amount, reason });
		if (!result.ok) return setAnswer({ ok: false, text: result.message });
		const waiting = waitingText(result.data, tools);
		if (waiting) {
			setReason('');
			return setAnswer({ ok: true, text: waiting });
		}
		const done = doneSchema.parse(result.data).creditNote;
		setRest((left) => left - done.total);
		setAmount(formatMajorAmount(Math.max(rest - done.total, 0)));
		setReason('');
		setAnswer({
			ok: true,
			text: fill(t('staff.money.refund.done'), {
				total: money(done.total, done.currency),
				number: done.number,
			}),
		});
	}

	return (
		<form
			noValidate
			className="flex max-w-md flex-col gap-3"
			data-refund-form
			onSubmit={(event) => {
				event.preventDefault();
				void submit();
			}}
		>
			<AmountReasonFields
				amountLabel={fill(t('staff.money.refund.amount'), { currency: props.currency })}
				reasonLabel={t('staff.money.refund.reason')}
				amount={amount}
				reason={reason}
				reasonRows={3}
				onAmount={setAmount}
				onReason={setReason}
			/>
			<p className="text-sm text-neutral-400" data-refund-limit>
				{fill(t('staff.money.refund.limit'), {
					limit: money(approvalAbove(props.currency), props.currency),
				})}
			</p>
			<button type="submit" className="btn btn-primary self-start" disabled={busy} aria-busy={busy}>
				{busy ? t('staff.money.refund.busy') : t('staff.money.refund.submit')}
			</button>
			<FormAnswer answer={answer} />
		</form>
	);
}
