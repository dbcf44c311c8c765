import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { MoneyBackOffer } from '../../../lib/panel/types';
import { fill } from '../../../lib/fill';
import { $moneyBack, claimMoneyBack, confirmMoneyBack } from '../../../stores/money-back';
import type { PanelTools } from '../shared/context';

interface Props {
	serviceId: string;
	offer: MoneyBackOffer | null;
	tools: PanelTools;
	locale: string;
	/** Reads the page again once refunded: it then shows the server terminated. */
	reload: () => Promise<void> | void;
}

/**
 * The money-back guarantee on a server's page and in the cancel flow: the amount and deadline the
 * server computed, then a confirmation that says what happens before anything is done. Shown only
 * while the server offers it, and the refund's credit note once made.
 */
export function MoneyBack({ serviceId, offer, tools, locale, reload }: Props) {
	const { t, money, date } = tools;
	const state = useStore($moneyBack);
	const [reason, setReason] = useState('');
	if (state.done)
		return (
			<p role="status" className="card text-emerald-200" data-money-back-done>
				{fill(t('moneyBack.done'), {
					amount: money(state.done.total, state.done.currency),
					number: state.done.number,
				})}
			</p>
		);
	if (!offer) return null;
	const amount = money(offer.amount, offer.currency);
	const submit = () =>
		void claimMoneyBack(serviceId, { reason, locale }, t('moneyBack.error'), reload);
	return (
		<section className="card flex flex-col gap-3" aria-labelledby="money-back" data-money-back>
			<h2 id="money-back" className="text-lg font-bold text-white">
				{t('moneyBack.title')}
			</h2>
			<p className="max-w-prose text-neutral-200" data-money-back-offer>
				{fill(t('moneyBack.offer'), { amount, deadline: date(offer.deadline) })}
			</p>
			{state.step === 'offer' ? (
				<div>
					<button
						type="button"
						className="btn btn-secondary"
						onClick={() => confirmMoneyBack(true)}
					>
						{t('moneyBack.start')}
					</button>
				</div>
			) : (
				<form
					className="flex flex-col gap-3"
					onSubmit={(event) => {
						event.preventDefault();
						submit();
					}}
					data-money-back-confirm
				>
					<p className="max-w-prose text-amber-200">{t('moneyBack.consequences')}</p>
					<label className="flex flex-col gap-1 text-neutral-200">
						{t('moneyBack.reason')}
						<textarea
							rows={3}
							className="rounded-lg border border-neutral-600 bg-neutral-900 px-3 py-2.5 text-neutral-100"
							required
							maxLength={2000}
							value={reason}
							onChange={(event) => setReason(event.target.value)}
						/>
					</label>
					<div className="flex flex-wrap gap-3">
						<button
							type="submit"
							className="btn border border-red-400/60 text-red-100 hover:bg-red-950/60"
							disabled={state.busy}
							aria-busy={state.busy}
						>
							{fill(t('moneyBack.confirm'), { amount })}
						</button>
						<button
							type="button"
							className="btn btn-secondary"
							onClick={() => confirmMoneyBack(false)}
						>
							{t('moneyBack.back')}
						</button>
					</div>
				</form>
			)}
			{state.error && (
				<p role="alert" className="text-red-200">
					{state.error}
				</p>
			)}
		</section>
	);
}
