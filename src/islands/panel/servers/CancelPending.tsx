import { useStore } from '@nanostores/react';
import { fill } from '../../../lib/fill';
import { $cancelAction, keepService, type CancelPage } from '../../../stores/cancellation';
import type { PanelTools } from '../shared/context';
import { blockHeight } from './CancelSkeleton';

/** A server already set to be cancelled: when it and its data go, and one click to keep it. */
export function CancelPending(props: { page: CancelPage; tools: PanelTools; locale: string }) {
	const { page, tools, locale } = props;
	const { t, date } = tools;
	const action = useStore($cancelAction);
	const busy = action.busy === 'keep';
	return (
		<section
			className={`card flex flex-col gap-4 ${blockHeight.form}`}
			aria-labelledby="cancel-pending"
			data-cancel-pending
		>
			<h2 id="cancel-pending" className="text-xl font-bold text-white">
				{t('cancelFlow.pending.title')}
			</h2>
			<p className="max-w-prose text-neutral-200" data-deletion-date>
				{fill(t('cancelFlow.pending.text'), { date: date(page.periodEnd) })}
			</p>
			<div>
				<button
					type="button"
					className="btn btn-primary"
					disabled={busy}
					aria-busy={busy}
					onClick={() => void keepService(page.service.id, locale, t('panel.error.generic'))}
					data-keep
				>
					{busy ? t('cancelFlow.pending.keeping') : t('cancelFlow.pending.keep')}
				</button>
			</div>
			{action.error?.action === 'keep' && (
				<p role="alert" className="text-red-200">
					{action.error.message}
				</p>
			)}
		</section>
	);
}
