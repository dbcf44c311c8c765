import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { fill } from '../../../lib/fill';
import type { ServerDetail } from '../../../lib/panel/types';
import {
	$ordering,
	$quote,
	orderUpgrade,
	type UpgradeChoice,
} from '../../../stores/server-upgrade';
import type { PanelTools } from '../shared/context';
import { MethodSelect } from '../shared/MethodSelect';
import type { PaymentMethodKind } from '../../../lib/domain/payment-method';

interface Props {
	server: ServerDetail;
	choice: UpgradeChoice;
	methods: PaymentMethodKind[];
	locale: string;
	prefix: string;
	tools: PanelTools;
}

/** The server's quote line by line (days left, net, VAT, total), the new price, and confirm. */
export function UpgradeQuoteView({ server, choice, methods, locale, prefix, tools }: Props) {
	const { t, money } = tools;
	const quote = useStore($quote);
	const ordering = useStore($ordering);
	const [method, setMethod] = useState<PaymentMethodKind>(methods[0] ?? 'card');
	const currency = server.subscription.currency;
	return (
		<section
			className="card flex min-h-56 flex-col gap-4"
			aria-labelledby="upgrade-quote"
			aria-busy={quote.state === 'loading'}
		>
			<h2 id="upgrade-quote" className="text-lg font-bold text-white">
				{t('upgradePay.quote')}
			</h2>
			{quote.state === 'idle' && (
				<p className="text-neutral-200" data-quote-hint>
					{t('servers.upgradeHint')}
				</p>
			)}
			{quote.state === 'error' && (
				<p role="alert" className="text-red-200" data-quote-error>
					{quote.message}
				</p>
			)}
			{quote.state === 'ready' && (
				<>
					<dl className="grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-2" data-quote>
						<dt className="text-neutral-200">
							{fill(t('upgradePay.days'), {
								left: quote.quote.daysLeft,
								total: quote.quote.daysInPeriod,
							})}
						</dt>
						<dd />
						<dt className="text-neutral-200">{t('upgradePay.net')}</dt>
						<dd className="text-right tabular-nums">{money(quote.quote.net, currency)}</dd>
						<dt className="text-neutral-200">
							{fill(t('invoice.pdf.vatTotal'), { rate: `${quote.quote.taxPercent} %` })}
						</dt>
						<dd className="text-right tabular-nums">{money(quote.quote.tax, currency)}</dd>
						<dt className="font-bold text-white">{t('invoice.pdf.total')}</dt>
						<dd className="text-right font-bold text-white tabular-nums" data-quote-total>
							{money(quote.quote.total, currency)}
						</dd>
					</dl>
					<p className="text-neutral-200" data-new-price>
						{fill(t('upgradePay.newPrice'), {
							price: money(quote.quote.newAmount, currency),
							cycle: t(`cycle.${server.subscription.cycle}`),
						})}
					</p>
					{server.type === 'vps' && (
						<p className="text-neutral-200" data-vps-reboot>
							{t('billing.vps.upgradeReboot')}
						</p>
					)}
					<div className="flex flex-wrap items-end gap-3">
						<MethodSelect methods={methods} value={method} onChange={setMethod} tools={tools} />
						<button
							type="button"
							className="btn btn-primary"
							disabled={ordering.busy}
							onClick={() =>
								void orderUpgrade(server.id, choice, method, {
									locale,
									prefix,
									fallback: t('servers.error.order'),
								})
							}
						>
							{t('servers.confirmUpgrade')}
						</button>
					</div>
				</>
			)}
			{ordering.error && (
				<p role="alert" className="text-red-200">
					{ordering.error}
				</p>
			)}
		</section>
	);
}
