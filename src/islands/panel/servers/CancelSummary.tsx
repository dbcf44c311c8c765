import { fill } from '../../../lib/fill';
import { serverPages } from '../../../lib/routes';
import type { CancelPage } from '../../../stores/cancellation';
import type { PanelTools } from '../shared/context';
import { serviceName } from '../shared/service-name';
import { StatusBadge } from '../shared/StatusBadge';
import { blockHeight } from './CancelSkeleton';

/** Which server this is about: its name, state, billing cycle and the end of its paid period. */
export function CancelSummary({ page, tools }: { page: CancelPage; tools: PanelTools }) {
	const { t, date, path } = tools;
	return (
		<section
			className={`card flex flex-col gap-2 ${blockHeight.summary}`}
			aria-labelledby="cancel-server"
			data-cancel-summary
		>
			<div className="flex flex-wrap items-center gap-3">
				<h2 id="cancel-server" className="text-xl font-bold text-white" data-server-name>
					{serviceName(page.service, t)}
				</h2>
				<StatusBadge status={page.status} label={t(`panel.service.status.${page.status}`)} />
				{page.cancelAtPeriodEnd && (
					<StatusBadge
						status="pending_cancellation"
						label={t('panel.service.pendingCancellation')}
					/>
				)}
			</div>
			<p className="text-neutral-200">
				{fill(t('cancelFlow.summary.cycle'), { cycle: t(`cycle.${page.billingCycle}`) })}
				{page.periodEnd && (
					<>
						{' · '}
						<span data-period-end>
							{fill(t('cancelFlow.summary.periodEnd'), { date: date(page.periodEnd) })}
						</span>
					</>
				)}
			</p>
			<p>
				<a href={path(serverPages(page.service).page)}>
					{t(page.service.type === 'vps' ? 'vps.page.back' : 'cancelFlow.back')}
				</a>
			</p>
		</section>
	);
}
