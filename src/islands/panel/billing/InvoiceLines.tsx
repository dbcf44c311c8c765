import { fill } from '../../../lib/fill';
import type { InvoiceDetail } from '../../../lib/panel/types';
import type { PanelTools } from '../shared/context';

const rate = (percent: number, intl: string) =>
	new Intl.NumberFormat(intl, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);

/** A row of the totals: its label, amount and `data-sum` name. */
type Sum = [string, number, string];

/** The discount line names its code, as the cart did ("Discount SP25 (25 %)"), when it had one. */
function discountLabel({ discountCode: code }: InvoiceDetail, { t, intl }: PanelTools): string {
	if (!code) return t('invoice.pdf.discount');
	return fill(t('invoice.discountCode'), { code: code.code, rate: rate(code.percent, intl) });
}

/**
 * The lines with their prices, then subtotal, discount, VAT with its rate, late fee and total. The
 * late fee is a total of its own after VAT (it carries none), named by its line ("Late fee: 3 days
 * overdue"), so it is printed there once and not again among the lines (as on the PDF).
 */
export function InvoiceLines(props: { invoice: InvoiceDetail; tools: PanelTools }) {
	const { invoice, tools } = props;
	const { t, money } = tools;
	const m = (minor: number) => money(minor, invoice.currency);
	const lines = invoice.lines.filter((line) => line.kind !== 'late_fee');
	const feeLine = invoice.lines.find((line) => line.kind === 'late_fee');
	const sums: Sum[] = [[t('invoice.pdf.subtotal'), invoice.subtotal, 'subtotal']];
	if (invoice.discount > 0)
		sums.push([discountLabel(invoice, tools), -invoice.discount, 'discount']);
	const vat = fill(t('invoice.pdf.vatTotal'), { rate: rate(invoice.taxRate, tools.intl) });
	sums.push([vat, invoice.tax, 'tax']);
	if (invoice.lateFee > 0)
		sums.push([feeLine?.description ?? t('invoice.pdf.lateFee'), invoice.lateFee, 'lateFee']);
	return (
		<section className="card overflow-x-auto" aria-labelledby="invoice-lines">
			<h3 id="invoice-lines" className="text-lg font-bold text-white">
				{t('invoice.lines')}
			</h3>
			<table className="mt-3 w-full text-left text-sm">
				<thead className="text-neutral-300">
					<tr>
						<th scope="col" className="py-2 pr-3 font-medium">
							{t('invoice.pdf.description')}
						</th>
						<th scope="col" className="py-2 pr-3 text-right font-medium">
							{t('invoice.pdf.quantity')}
						</th>
						<th scope="col" className="py-2 pr-3 text-right font-medium">
							{t('invoice.pdf.unitPrice')}
						</th>
						<th scope="col" className="py-2 text-right font-medium">
							{t('invoice.pdf.amount')}
						</th>
					</tr>
				</thead>
				<tbody>
					{lines.map((line, i) => (
						<tr key={i} className="border-t border-white/5" data-line={line.kind}>
							<td className="py-2 pr-3 text-neutral-100">
								{line.description}
								{line.detail && (
									<span className="block text-sm text-neutral-300" data-line-detail>
										{line.detail}
									</span>
								)}
							</td>
							<td className="py-2 pr-3 text-right tabular-nums">{line.quantity}</td>
							<td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">
								{m(line.unitAmount)}
							</td>
							<td className="py-2 text-right whitespace-nowrap tabular-nums">{m(line.amount)}</td>
						</tr>
					))}
				</tbody>
				<tfoot>
					{sums.map(([label, amount, key]) => (
						<tr key={key} className="border-t border-white/5" data-sum={key}>
							<th
								scope="row"
								colSpan={3}
								className="py-2 pr-3 text-right font-normal text-neutral-200"
							>
								{label}
							</th>
							<td className="py-2 text-right whitespace-nowrap tabular-nums">{m(amount)}</td>
						</tr>
					))}
					<tr className="border-t border-white/20" data-sum="total">
						<th scope="row" colSpan={3} className="py-2 pr-3 text-right font-bold text-white">
							{t('invoice.pdf.total')}
						</th>
						<td className="py-2 text-right font-bold whitespace-nowrap text-white tabular-nums">
							{m(invoice.total)}
						</td>
					</tr>
				</tfoot>
			</table>
		</section>
	);
}
