import { useId } from 'react';

const field = 'rounded-md border border-white/20 bg-neutral-900 px-3 py-2 text-neutral-100';

/**
 * The two fields every money form of the console asks for: an amount in the currency's major unit
 * (read on the server) and the reason, which is required and kept with what was done.
 */
export function AmountReasonFields(props: {
	amountLabel: string;
	reasonLabel: string;
	amount: string;
	reason: string;
	reasonRows: number;
	onAmount: (value: string) => void;
	onReason: (value: string) => void;
}) {
	const amountId = useId();
	const reasonId = useId();
	return (
		<>
			<label htmlFor={amountId} className="text-sm text-neutral-300">
				{props.amountLabel}
			</label>
			<input
				id={amountId}
				name="amount"
				inputMode="decimal"
				value={props.amount}
				onChange={(event) => props.onAmount(event.target.value)}
				className={field}
			/>
			<label htmlFor={reasonId} className="text-sm text-neutral-300">
				{props.reasonLabel}
			</label>
			<textarea
				id={reasonId}
				name="reason"
				rows={props.reasonRows}
				maxLength={2000}
				aria-required="true"
				value={props.reason}
				onChange={(event) => props.onReason(event.target.value)}
				className={field}
			/>
		</>
	);
}

/** What the server answered: a status when done, an alert when refused. */
export function FormAnswer({ answer }: { answer: { ok: boolean; text: string } | null }) {
	if (!answer) return null;
	return (
		<p role={answer.ok ? 'status' : 'alert'} className={answer.ok ? '' : 'text-red-200'}>
			{answer.text}
		</p>
	);
}
