import type { InvoiceDetail } from '../../../lib/panel/types';
import type { PanelTools } from '../shared/context';
import { StatusBadge } from '../shared/StatusBadge';
import { cardName } from './InvoicePayment';

const tone = { succeeded: 'paid', failed: 'overdue', pending: 'unpaid' } as const;

/** The money that moved (or tried to) for this invoice, oldest first. */
export function Transactions({ invoice, tools }: { invoice: InvoiceDetail; tools: PanelTools }) {
	const { t, date, money } = tools;
	return (
		<section className="card overflow-x-auto" aria-labelledby="invoice-transactions">
			<h3 id="invoice-transactions" className="text-lg font-bold text-white">
				{t('invoice.transactions')}
			</h3>
			{invoice.transactions.length === 0 ? (
				<p className="mt-3 text-neutral-200">{t('invoice.noTransactions')}</p>
			) : (
				<table className="mt-3 w-full text-left text-sm">
					<thead className="text-neutral-300">
						<tr>
							<th scope="col" className="py-2 pr-3 font-medium">
								{t('invoice.tx.type')}
							</th>
							<th scope="col" className="py-2 pr-3 font-medium">
								{t('invoice.tx.date')}
							</th>
							<th scope="col" className="py-2 pr-3 font-medium">
								{t('invoice.tx.method')}
							</th>
							<th scope="col" className="py-2 pr-3 font-medium">
								{t('invoice.tx.status')}
							</th>
							<th scope="col" className="py-2 text-right font-medium">
								{t('invoice.tx.amount')}
							</th>
						</tr>
					</thead>
					<tbody>
						{invoice.transactions.map((tx, i) => (
							<tr key={i} className="border-t border-white/5" data-transaction={tx.kind}>
								<td className="py-2 pr-3">{t(`invoice.tx.${tx.kind}`)}</td>
								<td className="py-2 pr-3 whitespace-nowrap">{date(tx.at)}</td>
								<td className="py-2 pr-3" data-method={tx.method ?? ''}>
									{tx.card
										? cardName(tx.card, t)
										: tx.method
											? t(`checkout.method.${tx.method}`)
											: '—'}
								</td>
								<td className="py-2 pr-3">
									<StatusBadge
										status={tone[tx.status as keyof typeof tone] ?? tx.status}
										label={t(tx.declined ? 'invoice.tx.declined' : `invoice.tx.${tx.status}`)}
									/>
									{/* Why, in plain words: the gateway's code means nothing to a customer. */}
									{tx.declined && (
										<p
											className="mt-1 text-neutral-300 first-letter:uppercase"
											data-decline={tx.declined}
										>
											{t(`invoice.decline.${tx.declined}`)}
										</p>
									)}
								</td>
								<td className="py-2 text-right whitespace-nowrap tabular-nums">
									{money(tx.kind === 'refund' ? -tx.amount : tx.amount, invoice.currency)}
								</td>
							</tr>
						))}
					</tbody>
				</table>
			)}
		</section>
	);
}
