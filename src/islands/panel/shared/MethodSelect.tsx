import { useId } from 'react';
import type { PanelTools } from './context';
import type { PaymentMethodKind } from '../../../lib/domain/payment-method';

/** "Pay with": the methods the gateway offers in this currency; nothing to choose with one. */
export function MethodSelect(props: {
	methods: PaymentMethodKind[];
	value: PaymentMethodKind;
	onChange: (method: PaymentMethodKind) => void;
	tools: PanelTools;
}) {
	const { t } = props.tools;
	const id = useId();
	if (props.methods.length < 2) return null;
	return (
		<div className="flex flex-col gap-1">
			<label htmlFor={id} className="text-sm text-neutral-300">
				{t('billing.payWith')}
			</label>
			<select
				id={id}
				value={props.value}
				onChange={(event) => props.onChange(event.target.value as PaymentMethodKind)}
				className="rounded-lg border border-neutral-600 bg-neutral-900 px-3 py-2.5 text-neutral-100"
			>
				{props.methods.map((m) => (
					<option key={m} value={m}>
						{t(`checkout.method.${m}`)}
					</option>
				))}
			</select>
		</div>
	);
}
