import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $paying, payInvoices } from '../../../stores/panel-pay';
import type { PanelTools } from './context';
import { MethodSelect } from './MethodSelect';
import type { PaymentMethodKind } from '../../../lib/domain/payment-method';

interface Props {
	invoiceIds: string[];
	methods: PaymentMethodKind[];
	locale: string;
	tools: PanelTools;
	label: string;
}

/** A payment method and the button that opens the gateway's page for the given invoices. */
export function PayControls({ invoiceIds, methods, locale, tools, label }: Props) {
	const { t } = tools;
	const paying = useStore($paying);
	const [method, setMethod] = useState<PaymentMethodKind>(methods[0] ?? 'card');
	if (methods.length === 0) return null;
	return (
		<div className="flex flex-col gap-2">
			<div className="flex flex-wrap items-end gap-3">
				<MethodSelect methods={methods} value={method} onChange={setMethod} tools={tools} />
				<button
					type="button"
					className="btn btn-primary"
					disabled={paying.busy || invoiceIds.length === 0}
					aria-busy={paying.busy}
					onClick={() => void payInvoices(invoiceIds, method, locale, t('panel.error.generic'))}
				>
					{paying.busy ? t('billing.paying') : label}
				</button>
			</div>
			{paying.error && (
				<p role="alert" className="text-red-200">
					{paying.error}
				</p>
			)}
		</div>
	);
}
