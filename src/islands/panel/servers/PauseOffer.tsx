import { useStore } from '@nanostores/react';
import { useId, useState, type ReactNode } from 'react';
import { fill } from '../../../lib/fill';
import { $cancelAction, pauseService, type CancelPage } from '../../../stores/cancellation';
import type { PanelTools } from '../shared/context';
import { PauseChoice } from './PauseChoice';
import type { PaymentMethodKind } from '../../../lib/domain/payment-method';

interface Props {
	page: CancelPage;
	tools: PanelTools;
	locale: string;
	/** Payment methods the gateway offers in the server's currency. */
	methods: PaymentMethodKind[];
	/** The conversation about pausing, offered when a pause cannot be taken now. */
	ask: ReactNode;
}

/**
 * The pause offer, opened in place: 1 to 3 months with the server's quote for each, then the
 * fee's payment at the gateway. When the server cannot be paused now, why, and a conversation.
 */
export function PauseOffer({ page, tools, locale, methods, ask }: Props) {
	const { t } = tools;
	const action = useStore($cancelAction);
	const [open, setOpen] = useState(false);
	const [months, setMonths] = useState(1);
	const [method, setMethod] = useState<PaymentMethodKind>(methods[0] ?? 'card');
	const panelId = useId();
	const quote = page.pause.quotes.find((q) => q.months === months);
	if (!page.pause.possible || !quote)
		return (
			<div className="flex flex-col gap-3" data-pause-unavailable>
				<p className="text-sm text-amber-100">
					{t(`services.pause.error.${page.pause.refusal ?? 'not_active'}`)}
				</p>
				<div>{ask}</div>
			</div>
		);
	const busy = action.busy === 'pause';
	const error = action.error?.action === 'pause' ? action.error.message : null;
	const pay = () =>
		void pauseService(page.service.id, { months, method, locale }, t('panel.error.generic'));
	return (
		<div className="flex flex-col gap-3">
			<div>
				<button
					type="button"
					className="btn btn-secondary"
					aria-expanded={open}
					aria-controls={panelId}
					onClick={() => setOpen(!open)}
					data-pause-toggle
				>
					{t('retention.pause.action')}
				</button>
			</div>
			<div id={panelId} hidden={!open} className="flex flex-col gap-3" data-pause-panel>
				{open && (
					<>
						<PauseChoice
							page={page}
							tools={tools}
							months={months}
							onMonths={setMonths}
							methods={methods}
							method={method}
							onMethod={setMethod}
						/>
						<button
							type="button"
							className="btn btn-primary"
							disabled={busy || methods.length === 0}
							aria-busy={busy}
							onClick={pay}
							data-pause-confirm
						>
							{busy
								? t('cancelFlow.pause.paying')
								: fill(t('cancelFlow.pause.confirm'), {
										total: tools.money(quote.total, page.currency),
									})}
						</button>
						{error && (
							<p role="alert" className="text-red-200">
								{error}
							</p>
						)}
					</>
				)}
			</div>
		</div>
	);
}
