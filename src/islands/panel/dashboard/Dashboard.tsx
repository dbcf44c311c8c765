import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { fill } from '../../../lib/fill';
import { routes } from '../../../lib/routes';
import type { Dashboard as DashboardData } from '../../../lib/panel/types';
import { $dashboard, greetingKey, isNewCustomer, loadDashboard } from '../../../stores/dashboard';
import { panelTools, type PanelProps } from '../shared/context';
import { LoadError } from '../shared/LoadError';
import { Skeleton } from '../shared/Skeleton';
import { Figures } from './Figures';
import { OpenInvoices } from './OpenInvoices';
import { QuickAccess } from './QuickAccess';
import { ServerList } from './ServerList';
import type { PaymentMethodKind } from '../../../lib/domain/payment-method';

interface Props extends PanelProps {
	/** Greets a customer who has not given a name yet. */
	email: string;
	/** The locale's usual currency, for "0" spent. */
	currency: string;
	methods: Record<string, PaymentMethodKind[]>;
}

/** /panel: figures, quick access, open and recent invoices, and the customer's servers. */
export default function Dashboard(props: Props) {
	const tools = panelTools(props);
	const { t, path } = tools;
	const loaded = useStore($dashboard);
	useEffect(() => void loadDashboard(t('panel.error.generic')), []);
	if (loaded.state === 'loading')
		return (
			<div className="min-h-[40rem]">
				<Skeleton lines={8} label={t('panel.loading')} />
			</div>
		);
	if (loaded.state === 'error')
		return (
			<LoadError
				message={loaded.message}
				retry={() => void loadDashboard(t('panel.error.generic'))}
				retryLabel={t('panel.error.retry')}
			/>
		);
	const data: DashboardData = loaded.data;
	const isNew = isNewCustomer(data);
	return (
		<div className="flex flex-col gap-8" data-dashboard>
			<p className="text-lg text-neutral-200" data-welcome>
				{fill(t(greetingKey(data)), { name: data.firstName || props.email })}
			</p>
			<Figures summary={data.summary} tools={tools} currency={props.currency} />
			{isNew ? (
				<section className="card text-center" data-empty-dashboard>
					<h2 className="text-xl font-bold text-white">{t('panel.dashboard.empty.title')}</h2>
					<p className="mx-auto mt-2 max-w-prose text-neutral-200">
						{t('panel.dashboard.empty.text')}
					</p>
					<div className="mt-6 flex flex-wrap justify-center gap-3">
						<a className="btn btn-primary" href={path(routes.orderGame)}>
							{t('panel.dashboard.empty.cta')}
						</a>
						<a className="btn btn-secondary" href={path(routes.orderVps)}>
							{t('panel.dashboard.empty.vps')}
						</a>
					</div>
				</section>
			) : (
				<>
					<QuickAccess tools={tools} />
					<OpenInvoices
						rows={data.openInvoices}
						recent={data.recentInvoices}
						methods={props.methods}
						locale={props.locale}
						tools={tools}
					/>
					<ServerList servers={data.servers} tools={tools} />
				</>
			)}
		</div>
	);
}
