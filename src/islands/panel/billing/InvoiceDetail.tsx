import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { fill } from '../../../lib/fill';
import { $invoice, loadInvoice } from '../../../stores/invoice';
import { panelTools, type PanelProps } from '../shared/context';
import { LoadedView } from '../shared/LoadedView';
import { InvoiceFacts } from './InvoiceFacts';
import { InvoiceLines } from './InvoiceLines';
import { InvoicePayment } from './InvoicePayment';
import { Transactions } from './Transactions';
import type { PaymentMethodKind } from '../../../lib/domain/payment-method';

interface Props extends PanelProps {
	invoiceId: string;
	methods: Record<string, PaymentMethodKind[]>;
}

/** /panel/billing/invoices/{id}: the invoice, its payments, and how to pay it. */
export default function InvoiceDetail(props: Props) {
	const tools = panelTools(props);
	const { t } = tools;
	const loaded = useStore($invoice);
	const load = () => void loadInvoice(props.invoiceId, t('invoices.error.load'));
	useEffect(load, [props.invoiceId]);
	return (
		<LoadedView
			loaded={loaded}
			back={{ href: '/panel/billing', label: t('invoice.back') }}
			lines={9}
			minHeight="36rem"
			retry={load}
			tools={tools}
		>
			{(invoice) => {
				return (
					<article className="flex flex-col gap-6" data-invoice-detail={invoice.number}>
						<h2 className="text-2xl font-bold text-white">
							{fill(t('invoice.title'), { number: invoice.number })}
						</h2>
						<InvoiceFacts invoice={invoice} tools={tools} />
						<InvoiceLines invoice={invoice} tools={tools} />
						<InvoicePayment
							invoice={invoice}
							methods={props.methods[invoice.currency] ?? []}
							locale={props.locale}
							tools={tools}
						/>
						<Transactions invoice={invoice} tools={tools} />
					</article>
				);
			}}
		</LoadedView>
	);
}
