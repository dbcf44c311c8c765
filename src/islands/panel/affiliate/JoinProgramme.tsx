import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { fill } from '../../../lib/fill';
import type { AffiliateTier } from '../../../lib/panel/affiliate';
import { $affiliateBusy, $affiliateNotice, join } from '../../../stores/affiliate';
import type { PanelTools } from '../shared/context';
import { tierText } from './format';

interface Props {
	view: { tiers: AffiliateTier[]; holdDays: number };
	locale: string;
	tools: PanelTools;
}

/** Not an affiliate yet: what the programme pays, the hold, the terms and the way in. */
export function JoinProgramme({ view, locale, tools }: Props) {
	const { t, path, intl } = tools;
	const busy = useStore($affiliateBusy) === 'join';
	const notice = useStore($affiliateNotice);
	const [accepted, setAccepted] = useState(false);
	const ids = { heading: useId(), tiers: useId(), error: useId() };
	const error = notice?.form === 'join' && notice.kind === 'error' ? notice.text : null;
	const tiers = [...view.tiers].sort((a, b) => a.minCustomers - b.minCustomers);

	function submit(event: FormEvent) {
		event.preventDefault();
		// The server decides: without the tick it answers why, in the customer's language.
		void join(accepted, locale, {
			success: t('affiliate.join.done'),
			fallback: t('panel.error.generic'),
		});
	}

	return (
		<section aria-labelledby={ids.heading} className="card flex flex-col gap-4">
			<h2 id={ids.heading} className="text-xl font-bold text-white">
				{t('affiliate.join.heading')}
			</h2>
			<p className="text-neutral-200">{t('affiliate.join.text')}</p>
			<h3 id={ids.tiers} className="font-semibold text-white">
				{t('affiliate.tiers.heading')}
			</h3>
			<ul aria-labelledby={ids.tiers} className="flex flex-col gap-1 text-neutral-100" data-tiers>
				{tiers.map((tier) => (
					<li key={tier.minCustomers}>{tierText(tier, t, intl)}</li>
				))}
			</ul>
			<p className="text-neutral-200">{fill(t('affiliate.hold'), { days: view.holdDays })}</p>
			<p>
				<a href={path('/affiliate')}>{t('affiliate.terms.link')}</a>
			</p>
			<form noValidate className="flex flex-col gap-3" onSubmit={submit} data-join>
				<label className="flex items-start gap-2 text-neutral-100">
					<input
						type="checkbox"
						name="acceptTerms"
						checked={accepted}
						onChange={(event) => setAccepted(event.target.checked)}
						aria-required="true"
						aria-invalid={error ? true : undefined}
						aria-describedby={error ? ids.error : undefined}
						className="mt-1 accent-primary-400"
					/>
					<span>{t('affiliate.join.accept')}</span>
				</label>
				<p id={ids.error} role="alert" className="min-h-6 text-red-200">
					{error}
				</p>
				<button
					type="submit"
					className="btn btn-primary self-start"
					disabled={busy}
					aria-busy={busy}
				>
					{busy ? t('affiliate.join.busy') : t('affiliate.join.submit')}
				</button>
			</form>
		</section>
	);
}
