import { isOpenInvoice } from '../../../lib/domain/invoice-status';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { fill } from '../../../lib/fill';
import type { UpgradePayment as Upgrade } from '../../../lib/panel/types';
import { serverPages } from '../../../lib/routes';
import { $upgrade, loadUpgrade } from '../../../stores/invoice';
import { panelTools, type PanelProps, type PanelTools } from '../shared/context';
import { LoadError } from '../shared/LoadError';
import { PayControls } from '../shared/PayControls';
import { Skeleton } from '../shared/Skeleton';
import { InvoiceLines } from './InvoiceLines';
import type { PaymentMethodKind } from '../../../lib/domain/payment-method';

interface Props extends PanelProps {
	upgradeId: string;
	methods: Record<string, PaymentMethodKind[]>;
}

function Change({ upgrade, tools }: { upgrade: Upgrade; tools: PanelTools }) {
	const { t, intl } = tools;
	const gb = (n: number) =>
		new Intl.NumberFormat(intl, { style: 'unit', unit: 'gigabyte' }).format(n);
	const rows = [
		['ram', t('upgradePay.ram'), upgrade.from.ramGb, upgrade.to.ramGb],
		['storage', t('upgradePay.storage'), upgrade.from.storageGb, upgrade.to.storageGb],
	] as const;
	return (
		<table className="w-full max-w-lg text-left text-sm">
			<caption className="sr-only">{t('upgradePay.change')}</caption>
			<thead className="text-neutral-300">
				<tr>
					<td />
					<th scope="col" className="py-2 pr-3 font-medium">
						{t('upgradePay.now')}
					</th>
					<th scope="col" className="py-2 font-medium">
						{t('upgradePay.after')}
					</th>
				</tr>
			</thead>
			<tbody>
				{rows.map(([key, label, from, to]) => (
					<tr key={key} className="border-t border-white/5" data-change={key}>
						<th scope="row" className="py-2 pr-3 font-normal text-neutral-200">
							{label}
						</th>
						<td className="py-2 pr-3 tabular-nums">{gb(from)}</td>
						<td
							className={`py-2 tabular-nums ${to > from ? 'font-semibold text-emerald-200' : ''}`}
						>
							{gb(to)}
						</td>
					</tr>
				))}
			</tbody>
		</table>
	);
}

/** /panel/billing/upgrade/payment/{id}: what the upgrade costs now, line by line, and Pay. */
export default function UpgradePayment(props: Props) {
	const tools = panelTools(props);
	const { t, money, path } = tools;
	const loaded = useStore($upgrade);
	const load = () => void loadUpgrade(props.upgradeId, t('invoices.error.load'));
	useEffect(load, [props.upgradeId]);
	if (loaded.state === 'loading') return <Skeleton lines={8} label={t('panel.loading')} />;
	if (loaded.state === 'error')
		return (
			<LoadError
				message={loaded.message}
				retry={loaded.notFound ? undefined : load}
				retryLabel={t('panel.error.retry')}
			/>
		);
	const upgrade = loaded.data;
	const { invoice } = upgrade;
	const open = isOpenInvoice(invoice.status);
	const { service } = invoice;
	return (
		<div className="flex flex-col gap-6" data-upgrade={upgrade.status}>
			{service && (
				<a href={path(serverPages(service).page)} className="self-start">
					← {t(service.type === 'vps' ? 'vps.page.back' : 'servers.backToServer')}
				</a>
			)}
			<section className="card flex flex-col gap-4" aria-labelledby="upgrade-change">
				<h2 id="upgrade-change" className="text-lg font-bold text-white">
					{t('upgradePay.change')}
				</h2>
				<Change upgrade={upgrade} tools={tools} />
				{upgrade.product === 'vps' && (
					<p className="text-neutral-200" data-vps-reboot>
						{t('billing.vps.upgradeReboot')}
					</p>
				)}
				<p className="text-neutral-200" data-days>
					{upgrade.daysInPeriod === null
						? fill(t('upgradePay.daysLeft'), { left: upgrade.daysLeft })
						: fill(t('upgradePay.days'), { left: upgrade.daysLeft, total: upgrade.daysInPeriod })}
				</p>
				<p className="text-neutral-200" data-new-price>
					{fill(t('upgradePay.newPrice'), {
						price: money(upgrade.newRecurringAmount, invoice.currency),
						cycle: t(`cycle.${upgrade.billingCycle}`),
					})}
				</p>
			</section>
			<InvoiceLines invoice={invoice} tools={tools} />
			<section className="card flex flex-col gap-3" aria-label={t('upgradePay.quote')}>
				<p role="status" className="text-neutral-100" data-upgrade-status>
					{t(`upgradePay.status.${upgrade.status}`)}
				</p>
				{open && upgrade.status === 'pending' && (
					<PayControls
						invoiceIds={[invoice.id]}
						methods={props.methods[invoice.currency] ?? []}
						locale={props.locale}
						tools={tools}
						label={`${t('invoice.payNow')} · ${money(invoice.total, invoice.currency)}`}
					/>
				)}
			</section>
		</div>
	);
}
