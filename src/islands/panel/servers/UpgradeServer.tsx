import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { findPlan } from '../../../lib/catalogue';
import type { ProductType } from '../../../lib/domain/product';
import { serverPages } from '../../../lib/routes';
import { $server, loadServer } from '../../../stores/game-server';
import {
	quoteUpgrade,
	sameSize,
	startingChoice,
	type UpgradeChoice,
} from '../../../stores/server-upgrade';
import type { UpgradePreselection } from '../../../lib/minecraft-software/upgrade-link';
import { panelTools, type PanelProps } from '../shared/context';
import { LoadError } from '../shared/LoadError';
import { Skeleton } from '../shared/Skeleton';
import { UpgradeOptions } from './UpgradeOptions';
import { UpgradeQuoteView } from './UpgradeQuoteView';
import type { PaymentMethodKind } from '../../../lib/domain/payment-method';

interface Props extends PanelProps {
	serverId: string;
	/** The page's kind: the way back leads to that kind's server page. */
	kind: ProductType;
	methods: Record<string, PaymentMethodKind[]>;
	/** What the link asked to start with (`?extra=`, `?ram=`): an extra ticked, more RAM. */
	wish?: UpgradePreselection;
}

/**
 * /panel/game-servers/upgrade/{id} and /panel/vps/{id}/upgrade: more RAM, storage or extras, the
 * quote line by line, confirm.
 */
export default function UpgradeServer(props: Props) {
	const tools = panelTools(props);
	const { t, path } = tools;
	const loaded = useStore($server);
	const [choice, setChoice] = useState<UpgradeChoice | null>(null);
	useEffect(() => void loadServer(props.serverId, t('panel.error.generic')), [props.serverId]);
	useEffect(() => {
		if (loaded.state !== 'ready' || choice) return;
		setChoice(startingChoice(loaded.data, props.wish, findPlan(loaded.data.plan)));
	}, [loaded.state]);
	useEffect(() => {
		if (!choice || loaded.state !== 'ready') return;
		const unchanged = sameSize(choice, loaded.data);
		const timer = setTimeout(
			() =>
				void quoteUpgrade(props.serverId, choice, props.locale, t('servers.error.quote'), {
					unchanged,
				}),
			unchanged ? 0 : 250,
		);
		return () => clearTimeout(timer);
	}, [choice]);
	const { kind } = props;
	const back = (
		<a href={path(serverPages({ type: kind, id: props.serverId }).page)} className="self-start">
			← {t(kind === 'vps' ? 'vps.page.back' : 'servers.backToServer')}
		</a>
	);
	if (loaded.state === 'loading' || (loaded.state === 'ready' && !choice))
		return <Skeleton lines={10} label={t('panel.loading')} />;
	if (loaded.state === 'error')
		return (
			<div className="flex flex-col gap-4">
				{back}
				<LoadError message={loaded.message} retryLabel={t('panel.error.retry')} />
			</div>
		);
	const server = loaded.data;
	const plan = findPlan(server.plan);
	if (!plan || !choice) return <LoadError message={t('servers.error.quote')} retryLabel="" />;
	return (
		<div className="flex flex-col gap-6" data-upgrade-server={server.id}>
			{back}
			<UpgradeOptions
				server={server}
				plan={plan}
				choice={choice}
				onChange={setChoice}
				tools={tools}
			/>
			<UpgradeQuoteView
				server={server}
				choice={choice}
				methods={props.methods[server.subscription.currency] ?? []}
				locale={props.locale}
				prefix={props.prefix}
				tools={tools}
			/>
		</div>
	);
}
