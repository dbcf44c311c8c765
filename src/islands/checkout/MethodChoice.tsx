import { useStore } from '@nanostores/react';
import { $checkout, chooseMethod } from '../../stores/checkout';
import type { CheckoutStrings } from './strings';
import type { PaymentMethodKind } from '../../lib/domain/payment-method';

/** The payment methods the order's currency allows; the first is chosen until another is. */
export default function MethodChoice({
	methods,
	strings: s,
}: {
	methods: PaymentMethodKind[];
	strings: CheckoutStrings;
}) {
	const { method } = useStore($checkout);
	const chosen = method && methods.includes(method) ? method : methods[0];
	return (
		<fieldset className="grid gap-3" data-step="payment">
			<legend className="mb-2 text-sm font-semibold text-neutral-100">
				{s['checkout.method.label']}
			</legend>
			{methods.map((kind) => (
				<label key={kind} className="card flex cursor-pointer items-center gap-3 p-4 text-white">
					<input
						type="radio"
						name="method"
						value={kind}
						checked={chosen === kind}
						onChange={() => chooseMethod(kind)}
						className="accent-primary-400"
					/>
					{s[`checkout.method.${kind}`]}
				</label>
			))}
		</fieldset>
	);
}
