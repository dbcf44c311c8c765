import { useState } from 'react';
import { z } from 'zod';
import { fill } from '../../../lib/fill';
import { panelTools, type PanelProps } from '../../panel/shared/context';
import { creditMax, approvalAbove } from '../../../lib/staff/money-limits';
import type { Currency } from '../../../lib/domain/currency';
import { AmountReasonFields, FormAnswer } from './AmountReasonFields';
import { useStaffPost } from './staff-post';
import { waitingText } from './waiting';

interface Props extends PanelProps {
	serviceId: string;
	currency: Currency;
	/** The credit the service has now, minor units. */
	balance: number;
}

const addedSchema = z.object({ amount: z.number(), balance: z.number(), currency: z.string() });

/** Staff add credit to a service (major units, a reason); the next renewal invoice uses it. */
export default function ServiceCredit(props: Props) {
	const tools = panelTools(props);
	const { t, money } = tools;
	const [balance, setBalance] = useState(props.balance);
	const [amount, setAmount] = useState('');
	const [reason, setReason] = useState('');
	const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
	const { post, busy } = useStaffPost(
		`/api/staff/services/${props.serviceId}/credit`,
		t('staff.money.error.failed'),
	);

	async function submit() {
		if (!reason.trim()) return setAnswer({ ok: false, text: t('staff.money.error.reason') });
		const result = await post({ amount, reason });
		if (!result.ok) return setAnswer({ ok: false, text: result.message });
		setAmount('');
		setReason('');
		const waiting = waitingText(result.data, tools);
		if (waiting) return setAnswer({ ok: true, text: waiting });
		const added = addedSchema.parse(result.data);
		setBalance(added.balance);
		setAnswer({
			ok: true,
			text: fill(t('staff.money.credit.done'), {
				amount: money(added.amount, added.currency),
				balance: money(added.balance, added.currency),
			}),
		});
	}

	return (
		<form
			noValidate
			className="flex max-w-md flex-col gap-3"
			data-service-credit
			onSubmit={(event) => {
				event.preventDefault();
				void submit();
			}}
		>
			<p>{fill(t('staff.money.credit.balance'), { amount: money(balance, props.currency) })}</p>
			<AmountReasonFields
				amountLabel={fill(t('staff.money.credit.amount'), { currency: props.currency })}
				reasonLabel={t('staff.money.credit.reason')}
				amount={amount}
				reason={reason}
				reasonRows={2}
				onAmount={setAmount}
				onReason={setReason}
			/>
			<p className="text-sm text-neutral-400" data-credit-limits>
				{fill(t('staff.money.credit.limits'), {
					limit: money(approvalAbove(props.currency), props.currency),
					max: money(creditMax(props.currency), props.currency),
				})}
			</p>
			<button type="submit" className="btn self-start" disabled={busy} aria-busy={busy}>
				{t('staff.money.credit.submit')}
			</button>
			<FormAnswer answer={answer} />
		</form>
	);
}
