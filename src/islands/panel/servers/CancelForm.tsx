import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { fill } from '../../../lib/fill';
import { serverPages } from '../../../lib/routes';
import { $cancelAction, cancelService, type CancelPage } from '../../../stores/cancellation';
import type { PanelTools } from '../shared/context';
import { blockHeight } from './CancelSkeleton';

/**
 * "Cancel anyway": the reason (required: without one nothing is sent and the form says so,
 * docs/panel.md), then the request; on success the customer lands on the server's page, which shows
 * the pending cancellation and its deletion date.
 */
export function CancelForm(props: { page: CancelPage; tools: PanelTools; locale: string }) {
	const { page, tools, locale } = props;
	const { t, date, path } = tools;
	const action = useStore($cancelAction);
	const [reason, setReason] = useState('');
	const [missing, setMissing] = useState(false);
	const id = useId();
	const busy = action.busy === 'cancel';
	const refused = action.error?.action === 'cancel' ? action.error.message : null;
	const error = missing ? t('services.cancel.error.reason_required') : refused;
	const submit = (event: FormEvent) => {
		event.preventDefault();
		if (!reason.trim()) {
			setMissing(true);
			return;
		}
		setMissing(false);
		void cancelService(
			page.service.id,
			{ reason, locale },
			t('panel.error.generic'),
			path(serverPages(page.service).page),
		);
	};
	return (
		<section
			className={`card flex flex-col gap-4 ${blockHeight.form}`}
			aria-labelledby="cancel-anyway"
			data-cancel-form
		>
			<h2 id="cancel-anyway" className="text-xl font-bold text-white">
				{t('cancelFlow.form.title')}
			</h2>
			{page.periodEnd && (
				<p className="max-w-prose text-neutral-200" data-deletion-date>
					{fill(t('cancelFlow.form.deletion'), { date: date(page.periodEnd) })}
				</p>
			)}
			<form className="flex max-w-2xl flex-col gap-3" noValidate onSubmit={submit}>
				<label htmlFor={`${id}-reason`} className="font-medium text-neutral-100">
					{t('cancelFlow.form.reason')}
				</label>
				<p id={`${id}-hint`} className="text-sm text-neutral-300">
					{t('cancelFlow.form.hint')}
				</p>
				<textarea
					id={`${id}-reason`}
					name="reason"
					rows={4}
					maxLength={2000}
					aria-required="true"
					aria-invalid={error ? true : undefined}
					aria-describedby={`${id}-hint ${id}-error`}
					value={reason}
					onChange={(event) => setReason(event.target.value)}
					className="rounded-lg border border-neutral-600 bg-neutral-900 px-3 py-2.5 text-neutral-100"
				/>
				<p id={`${id}-error`} role="alert" className="min-h-6 text-red-200" data-cancel-error>
					{error}
				</p>
				<div>
					<button
						type="submit"
						className="btn border border-red-400/60 text-red-100 hover:bg-red-950/60"
						disabled={busy}
						aria-busy={busy}
					>
						{busy ? t('cancelFlow.form.cancelling') : t('cancelFlow.form.confirm')}
					</button>
				</div>
			</form>
		</section>
	);
}
