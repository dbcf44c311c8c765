import { useStore } from '@nanostores/react';
import { fill } from '../../../lib/fill';
import { $selected } from '../../../stores/invoice-list';
import type { PanelTools } from '../shared/context';
import { PayControls } from '../shared/PayControls';
import type { PaymentMethodKind } from '../../../lib/domain/payment-method';

/**
 * The ticked invoices and one payment for all of them. Different currencies cannot share a
 * payment: the bar says so instead of offering one.
 */
export function SelectionBar(props: {
	methods: Record<string, PaymentMethodKind[]>;
	locale: string;
	tools: PanelTools;
}) {
	const { t, money } = props.tools;
	const rows = Object.values(useStore($selected));
	const currencies = [...new Set(rows.map((row) => row.currency))];
	// Below the list, so ticking an invoice never moves the rows being ticked.
	return (
		<div aria-live="polite" data-selection>
			{rows.length > 0 && (
				<div className="card flex flex-wrap items-center justify-between gap-4 py-3">
					<p className="text-neutral-100" data-selected-total>
						{currencies.length === 1
							? fill(t('billing.selected'), {
									count: rows.length,
									total: money(
										rows.reduce((sum, row) => sum + row.total, 0),
										currencies[0] ?? 'EUR',
									),
								})
							: t('billing.mixedCurrencies')}
					</p>
					{currencies.length === 1 && (
						<PayControls
							invoiceIds={rows.map((row) => row.id)}
							methods={props.methods[currencies[0] ?? ''] ?? []}
							locale={props.locale}
							tools={props.tools}
							label={t('billing.paySelected')}
						/>
					)}
				</div>
			)}
		</div>
	);
}
