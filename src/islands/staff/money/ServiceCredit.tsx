import { useState } from 'react';
import { z } from 'zod';
import { fill } from '../../../lib/fill';
import { panelTools, type PanelProps } from '../../panel/shared/context';
import { AmountReasonFields, FormAnswer } from './AmountReasonFields';
import { useStaffPost } from './staff-post';

interface Props extends PanelProps {
	serviceId: string;
	currency: string;
	/** The credit the service has now, minor units. */
	balance: number;
}

const addedSchema = z.object({ amount: z.number(), balance: z.number(), currency: z.string() });

/** Staff add credit to a service (major units, a reason); the next renewal invoice uses it. */
export default function ServiceCredit(props: Props) {
	const { t, money } = panelTools(props);
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
		const added = addedSchema.parse(result.data);
		setBalance(added.balance);
		setAmount('');
		setReason('');
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
			<button type="submit" className="btn self-start" disabled={busy} aria-busy={busy}>
				{t('staff.money.credit.submit')}
			</button>
			<FormAnswer answer={answer} />
		</form>
	);
}
