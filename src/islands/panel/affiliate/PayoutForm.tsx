import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { fill } from '../../../lib/fill';
import {
	$affiliateBusy,
	$affiliateNotice,
	payoutCurrencies,
	requestPayout,
	shownBalances,
	type JoinedAffiliate,
} from '../../../stores/affiliate';
import type { PanelTools } from '../shared/context';
import { fieldClass } from '../support/Field';

interface Props {
	view: JoinedAffiliate;
	currency: string;
	locale: string;
	tools: PanelTools;
}

/** Asks for the available balance of a currency that reached its minimum; else says the minimum. */
export function PayoutForm({ view, currency, locale, tools }: Props) {
	const { t, money } = tools;
	const busy = useStore($affiliateBusy) === 'payout';
	const notice = useStore($affiliateNotice);
	const said = notice?.form === 'payout' ? notice : null;
	const ready = payoutCurrencies(view.balances);
	const [picked, setPicked] = useState('');
	const [details, setDetails] = useState('');
	const ids = { heading: useId(), currency: useId(), details: useId(), error: useId() };
	const chosen = ready.find((b) => b.currency === picked) ?? ready[0];

	function submit(event: FormEvent) {
		event.preventDefault();
		if (!chosen) return;
		void requestPayout(chosen.currency, details, locale, {
			success: t('affiliate.payout.sent'),
			fallback: t('panel.error.generic'),
		}).then((taken) => taken && setDetails(''));
	}

	const minimums = shownBalances(view.balances, currency)
		.map((b) => money(b.minimumPayout, b.currency))
		.join(' / ');
	return (
		<section aria-labelledby={ids.heading} className="card flex flex-col gap-4" data-payout-form>
			<h2 id={ids.heading} className="text-xl font-bold text-white">
				{t('affiliate.payout.heading')}
			</h2>
			{said?.kind === 'success' && (
				<p role="status" className="text-emerald-200" data-payout-sent>
					{said.text}
				</p>
			)}
			{!chosen ? (
				<p className="text-neutral-200" data-payout-minimum>
					{fill(t('affiliate.payout.minimum'), { amounts: minimums })}
				</p>
			) : (
				<form noValidate className="flex flex-col gap-4" onSubmit={submit}>
					<div className="flex flex-col gap-1">
						<label htmlFor={ids.currency} className="text-sm text-neutral-300">
							{t('affiliate.payout.currency')}
						</label>
						<select
							id={ids.currency}
							value={chosen.currency}
							onChange={(event) => setPicked(event.target.value)}
							className={`${fieldClass} self-start`}
						>
							{ready.map((b) => (
								<option key={b.currency} value={b.currency}>
									{b.currency}
								</option>
							))}
						</select>
					</div>
					<p className="text-neutral-200" data-payout-amount>
						{fill(t('affiliate.payout.amount'), {
							amount: money(chosen.available, chosen.currency),
						})}
					</p>
					<div className="flex flex-col gap-1">
						<label htmlFor={ids.details} className="text-sm text-neutral-300">
							{t('affiliate.payout.details')}
						</label>
						<textarea
							id={ids.details}
							name="details"
							rows={3}
							maxLength={500}
							value={details}
							aria-required="true"
							aria-invalid={said?.kind === 'error' ? true : undefined}
							aria-describedby={said?.kind === 'error' ? ids.error : undefined}
							onChange={(event) => setDetails(event.target.value)}
							className={fieldClass}
						/>
					</div>
					<button
						type="submit"
						className="btn btn-primary self-start"
						disabled={busy}
						aria-busy={busy}
					>
						{busy ? t('affiliate.payout.busy') : t('affiliate.payout.submit')}
					</button>
				</form>
			)}
			{/* Outside the form: a refusal can take the form away (the balance was already asked for). */}
			<p id={ids.error} role="alert" className={chosen ? 'min-h-6 text-red-200' : 'text-red-200'}>
				{said?.kind === 'error' ? said.text : null}
			</p>
		</section>
	);
}
