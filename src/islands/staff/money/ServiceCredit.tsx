import { useId, useState } from 'react';
import { z } from 'zod';
import { fill } from '../../../lib/fill';
import { panelTools, type PanelProps } from '../../panel/shared/context';
import { useStaffPost } from './staff-post';

interface Props extends PanelProps {
	serviceId: string;
	currency: string;
	/** The credit the service has now, minor units. */
	balance: number;
}

const addedSchema = z.object({ amount: z.number(), balance: z.number(), currency: z.string() });
const field = 'rounded-md border border-white/20 bg-neutral-900 px-3 py-2 text-neutral-100';

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
	const amountId = useId();
	const reasonId = useId();

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
			<label htmlFor={amountId} className="text-sm text-neutral-300">
				{fill(t('staff.money.credit.amount'), { currency: props.currency })}
			</label>
			<input
				id={amountId}
				name="amount"
				inputMode="decimal"
				value={amount}
				onChange={(event) => setAmount(event.target.value)}
				className={field}
			/>
			<label htmlFor={reasonId} className="text-sm text-neutral-300">
				{t('staff.money.credit.reason')}
			</label>
			<textarea
				id={reasonId}
				name="reason"
				rows={2}
				maxLength={2000}
				aria-required="true"
				value={reason}
				onChange={(event) => setReason(event.target.value)}
				className={field}
			/>
			<button type="submit" className="btn self-start" disabled={busy} aria-busy={busy}>
				{t('staff.money.credit.submit')}
			</button>
			{answer && (
				<p role={answer.ok ? 'status' : 'alert'} className={answer.ok ? '' : 'text-red-200'}>
					{answer.text}
				</p>
			)}
		</form>
	);
}
