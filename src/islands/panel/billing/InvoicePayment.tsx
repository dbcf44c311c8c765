import { isOpenInvoice } from '../../../lib/domain/invoice-status';
import { brandLabel } from '../../../lib/billing/decline';
import { fill } from '../../../lib/fill';
import type { InvoiceDetail, SavedCard } from '../../../lib/panel/types';
import type { PanelTools } from '../shared/context';
import { PayControls } from '../shared/PayControls';
import type { PaymentMethodKind } from '../../../lib/domain/payment-method';

export const cardName = (card: Pick<SavedCard, 'brand' | 'last4'>, t: PanelTools['t']) =>
	fill(t('cards.label'), { brand: brandLabel(card.brand), last4: card.last4 });

interface Props {
	invoice: InvoiceDetail;
	methods: PaymentMethodKind[];
	locale: string;
	tools: PanelTools;
}

/** How this invoice is (or was) paid: the auto-charge, Pay now, the saved cards, the PDF. */
export function InvoicePayment({ invoice, methods, locale, tools }: Props) {
	const { t, date, path } = tools;
	const open = isOpenInvoice(invoice.status);
	return (
		<section className="card flex flex-col gap-4" aria-labelledby="invoice-payment">
			<h3 id="invoice-payment" className="sr-only">
				{t('invoice.payNow')}
			</h3>
			{invoice.autoCharge && (
				<p className="rounded-lg bg-primary-950/60 p-3 text-primary-100" data-auto-charge>
					{fill(t('invoice.autoCharge'), {
						card: cardName(invoice.autoCharge.card, t),
						date: date(invoice.autoCharge.on),
					})}
				</p>
			)}
			{invoice.paidAt && invoice.status === 'paid' && (
				<p className="text-emerald-200" data-paid-on>
					{fill(t('invoice.paidOn'), { date: date(invoice.paidAt) })}
				</p>
			)}
			<div className="flex flex-wrap items-end justify-between gap-4">
				{open && invoice.total > 0 ? (
					<PayControls
						invoiceIds={[invoice.id]}
						methods={methods}
						locale={locale}
						tools={tools}
						label={t('invoice.payNow')}
					/>
				) : (
					<span />
				)}
				<div className="flex flex-wrap gap-3">
					{invoice.upgradeId && (
						<a
							className="btn btn-secondary"
							href={path(`/panel/billing/upgrade/payment/${invoice.upgradeId}`)}
						>
							{t('invoice.upgrade')}
						</a>
					)}
					<a
						className="btn btn-secondary"
						href={`/api/invoices/${invoice.id}/pdf?locale=${locale}&download=1`}
					>
						{t('invoice.downloadPdf')}
					</a>
				</div>
			</div>
			{invoice.cards.length > 0 && (
				<div>
					<h4 className="text-sm font-semibold">
						<a href={path('/panel/billing/payment-methods')}>{t('cards.title')}</a>
					</h4>
					<ul className="mt-2 flex flex-wrap gap-2" data-invoice-cards>
						{invoice.cards.map((card) => (
							<li
								key={card.id}
								className="rounded-lg bg-white/5 px-3 py-1.5 text-sm text-neutral-100"
							>
								{cardName(card, t)}
								{card.isDefault && ` · ${t('cards.default')}`}
								{card.expired && ` · ${t('cards.expired')}`}
							</li>
						))}
					</ul>
				</div>
			)}
		</section>
	);
}
