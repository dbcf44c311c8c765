import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { fill } from '../../../lib/fill';
import type { PaymentMethodKind } from '../../../stores/checkout';
import { $invoice, loadInvoice } from '../../../stores/invoice';
import { panelTools, type PanelProps } from '../shared/context';
import { LoadError } from '../shared/LoadError';
import { Skeleton } from '../shared/Skeleton';
import { InvoiceFacts } from './InvoiceFacts';
import { InvoiceLines } from './InvoiceLines';
import { InvoicePayment } from './InvoicePayment';
import { Transactions } from './Transactions';

interface Props extends PanelProps {
	invoiceId: string;
	methods: Record<string, PaymentMethodKind[]>;
}

/** /panel/billing/invoices/{id}: the invoice, its payments, and how to pay it. */
export default function InvoiceDetail(props: Props) {
	const tools = panelTools(props);
	const { t, path } = tools;
	const loaded = useStore($invoice);
	const load = () => void loadInvoice(props.invoiceId, t('invoices.error.load'));
	useEffect(load, [props.invoiceId]);
	const back = (
		<a href={path('/panel/billing')} className="self-start">
			← {t('invoice.back')}
		</a>
	);
	if (loaded.state === 'loading')
		return (
			<div className="flex min-h-[36rem] flex-col gap-4">
				{back}
				<Skeleton lines={9} label={t('panel.loading')} />
			</div>
		);
	if (loaded.state === 'error')
		return (
			<div className="flex flex-col gap-4">
				{back}
				<LoadError
					message={loaded.message}
					retry={loaded.notFound ? undefined : load}
					retryLabel={t('panel.error.retry')}
				/>
			</div>
		);
	const invoice = loaded.data;
	return (
		<article className="flex flex-col gap-6" data-invoice-detail={invoice.number}>
			{back}
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
}
