import { useId } from 'react';
import { fill, plural } from '../../../lib/fill';
import type { CancelPage } from '../../../stores/cancellation';
import type { PanelTools } from '../shared/context';
import { MethodSelect } from '../shared/MethodSelect';
import type { PaymentMethodKind } from '../../../lib/domain/payment-method';

interface Props {
	page: CancelPage;
	tools: PanelTools;
	months: number;
	onMonths: (months: number) => void;
	methods: PaymentMethodKind[];
	method: PaymentMethodKind;
	onMethod: (method: PaymentMethodKind) => void;
}

/** The lengths side by side with what each costs, then the chosen one's fee and new due date. */
export function PauseChoice({ page, tools, months, onMonths, methods, method, onMethod }: Props) {
	const { t, money, date } = tools;
	const name = useId();
	const length = (count: number) =>
		plural(t('cancelFlow.pause.months_one'), t('cancelFlow.pause.months_other'), count);
	const chosen = page.pause.quotes.find((q) => q.months === months)!;
	return (
		<>
			<fieldset className="flex flex-col gap-2">
				<legend className="mb-1 text-sm text-neutral-300">{t('cancelFlow.pause.legend')}</legend>
				{page.pause.quotes.map((quote) => (
					<label
						key={quote.months}
						className="flex items-center gap-3 rounded-lg border border-neutral-700 px-3 py-2 has-[:checked]:border-primary-300"
						data-pause-months={quote.months}
					>
						<input
							type="radio"
							name={name}
							value={quote.months}
							checked={quote.months === months}
							onChange={() => onMonths(quote.months)}
						/>
						<span className="grow">{length(quote.months)}</span>
						<span className="text-white tabular-nums" data-pause-total>
							{money(quote.total, page.currency)}
						</span>
					</label>
				))}
			</fieldset>
			<p className="text-sm text-neutral-200" data-pause-fee>
				{fill(t('cancelFlow.pause.fee'), {
					perMonth: money(chosen.feePerMonth, page.currency),
					fee: money(chosen.fee, page.currency),
					tax: money(chosen.tax, page.currency),
					total: money(chosen.total, page.currency),
				})}
			</p>
			<p className="text-sm text-neutral-200" data-pause-due>
				{fill(t('cancelFlow.pause.due'), {
					from: date(page.periodEnd),
					to: date(chosen.newDueDate),
				})}
			</p>
			<MethodSelect methods={methods} value={method} onChange={onMethod} tools={tools} />
		</>
	);
}
