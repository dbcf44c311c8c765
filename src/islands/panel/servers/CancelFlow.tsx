import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $cancelAction, $cancelPage, loadCancelPage } from '../../../stores/cancellation';
import { panelTools, type PanelProps } from '../shared/context';
import { LoadError } from '../shared/LoadError';
import { CancelForm } from './CancelForm';
import { CancelPending } from './CancelPending';
import { CancelSkeleton } from './CancelSkeleton';
import { CancelSummary } from './CancelSummary';
import { MoneyBack } from './MoneyBack';
import { RetentionOffers } from './RetentionOffers';
import type { PaymentMethodKind } from '../../../lib/domain/payment-method';

interface Props extends PanelProps {
	serviceId: string;
	methods: Record<string, PaymentMethodKind[]>;
}

/**
 * /panel/game-servers/servers/{id}/cancel and /panel/vps/{id}/cancel: the retention offers first (each a conversation, or
 * the pause flow in place), then "cancel anyway" with a required reason. A server already set to
 * be cancelled shows its deletion date and "Keep server" instead.
 */
export default function CancelFlow(props: Props) {
	const tools = panelTools(props);
	const { t } = tools;
	const loaded = useStore($cancelPage);
	const action = useStore($cancelAction);
	const load = () => void loadCancelPage(props.serviceId, t('cancelFlow.error.load'));
	useEffect(load, [props.serviceId]);
	if (loaded.state === 'loading') return <CancelSkeleton label={t('panel.loading')} />;
	if (loaded.state === 'error')
		return (
			<LoadError
				message={loaded.message}
				retry={loaded.notFound ? undefined : load}
				retryLabel={t('panel.error.retry')}
			/>
		);
	const page = loaded.data;
	const cancellable = page.status === 'active' || page.status === 'suspended';
	return (
		<div
			className="flex flex-col gap-8"
			data-cancel-flow
			data-pending={page.cancelAtPeriodEnd ? 'true' : 'false'}
		>
			<div>
				<CancelSummary page={page} tools={tools} />
				{/* A live region that is there before its text, so the news is announced. */}
				<div role="status">
					{action.done === 'keep' && (
						<p className="card mt-4 text-emerald-200" data-kept>
							{t('cancelFlow.kept')}
						</p>
					)}
				</div>
			</div>
			{/* Before the offers and the form: a new server may be given back in full instead. */}
			<MoneyBack
				serviceId={page.service.id}
				offer={page.moneyBack}
				tools={tools}
				locale={props.locale}
				reload={() => loadCancelPage(props.serviceId, t('cancelFlow.error.load'))}
			/>
			{page.cancelAtPeriodEnd && cancellable ? (
				<CancelPending page={page} tools={tools} locale={props.locale} />
			) : !cancellable ? (
				<p className="card text-neutral-200" data-cancel-ended>
					{t('cancelFlow.ended')}
				</p>
			) : (
				<>
					<RetentionOffers
						page={page}
						tools={tools}
						prefix={props.prefix}
						locale={props.locale}
						methods={props.methods[page.currency] ?? []}
					/>
					<CancelForm page={page} tools={tools} locale={props.locale} />
				</>
			)}
		</div>
	);
}
