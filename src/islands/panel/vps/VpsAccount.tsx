import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { hasEnded } from '../../../lib/domain/service-status';
import { $server, $serverNotice, loadServer } from '../../../stores/game-server';
import { ActivityList } from '../servers/ActivityList';
import { CancellationNotice } from '../servers/CancellationNotice';
import { MoneyBack } from '../servers/MoneyBack';
import { PauseNotice } from '../servers/PauseNotice';
import { ServerActions } from '../servers/ServerActions';
import { ServerInvoices } from '../servers/ServerInvoices';
import { SubscriptionFacts } from '../servers/SubscriptionFacts';
import { SuspensionNotice } from '../servers/SuspensionNotice';
import { panelTools, type PanelProps } from '../shared/context';
import { LoadError } from '../shared/LoadError';
import { Skeleton } from '../shared/Skeleton';

interface Props extends PanelProps {
	serviceId: string;
	/**
	 * `account`, below the facts: what stands in the way (unpaid, pending cancellation, paused),
	 * the subscription, Upgrade and Cancel, and the money-back guarantee; it reads the server.
	 * `history`, at the page's end: its activity and invoices, from the same read.
	 */
	part: 'account' | 'history';
	/** Back from paying a pause fee. */
	pausePaid?: boolean;
}

/**
 * A VPS's page's billing, from the same read and parts as a game server's page
 * (`GET /api/panel/servers/{id}`, src/islands/panel/servers): one server page per kind, each
 * with everything the customer pays for.
 */
export default function VpsAccount(props: Props) {
	const tools = panelTools(props);
	const { t } = tools;
	const loaded = useStore($server);
	const notice = useStore($serverNotice);
	const load = () => void loadServer(props.serviceId, t('panel.error.generic'));
	useEffect(() => (props.part === 'account' ? load() : undefined), [props.serviceId]);
	if (loaded.state === 'loading')
		return <Skeleton lines={props.part === 'account' ? 6 : 4} label={t('panel.loading')} />;
	if (loaded.state === 'error')
		return props.part === 'account' ? (
			<LoadError message={loaded.message} retry={load} retryLabel={t('panel.error.retry')} />
		) : null;
	const server = loaded.data;
	if (props.part === 'history')
		return (
			<div className="flex flex-col gap-6" data-vps-history={server.id}>
				<ActivityList activity={server.activity} tools={tools} />
				<ServerInvoices invoices={server.invoices} tools={tools} />
			</div>
		);
	return (
		<div className="flex flex-col gap-6" data-vps-account={server.id}>
			{notice && (
				<p
					role={notice.kind === 'error' ? 'alert' : 'status'}
					className={notice.kind === 'error' ? 'text-red-200' : 'text-emerald-200'}
					data-server-notice={notice.kind}
				>
					{notice.text}
				</p>
			)}
			<SuspensionNotice server={server} tools={tools} />
			<CancellationNotice server={server} locale={props.locale} tools={tools} />
			<PauseNotice
				server={server}
				locale={props.locale}
				tools={tools}
				paid={props.pausePaid ?? false}
			/>
			<SubscriptionFacts server={server} tools={tools} />
			<ServerActions server={server} tools={tools} />
			<MoneyBack
				serviceId={server.id}
				offer={hasEnded(server.status) ? null : server.moneyBack}
				tools={tools}
				locale={props.locale}
				reload={() => loadServer(props.serviceId, t('panel.error.generic'))}
			/>
		</div>
	);
}
