import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { $tickets, loadTickets } from '../../../stores/support';
import { panelTools, type PanelProps } from '../shared/context';
import { LoadError } from '../shared/LoadError';
import { Skeleton } from '../shared/Skeleton';
import { NewTicketForm } from './NewTicketForm';
import { ownService, type Prefill } from './prefill';
import { TicketTable } from './TicketTable';

interface Props extends PanelProps {
	/** The page URL's prefill (./prefill.ts): whether the form starts open, and with what. */
	prefill: Prefill;
}

/** /panel/support: the customer's tickets and the form that opens a new one. */
export default function SupportTickets(props: Props) {
	const tools = panelTools(props);
	const { t } = tools;
	const loaded = useStore($tickets);
	const [composing, setComposing] = useState(props.prefill.open);
	const headingId = useId();
	const load = () => void loadTickets(props.locale, t('support.error.load'));
	useEffect(load, []);

	const header = (
		<div className="flex flex-wrap items-center justify-between gap-3">
			<h2 id={headingId} className="text-xl font-bold text-white">
				{t('support.tickets.heading')}
			</h2>
			{!composing && (
				<button type="button" className="btn btn-primary" onClick={() => setComposing(true)}>
					{t('support.new.open')}
				</button>
			)}
		</div>
	);
	const intro = <p className="text-neutral-200">{t('support.intro')}</p>;
	if (loaded.state === 'loading')
		return (
			<div className="flex flex-col gap-4" data-support>
				{intro}
				{/* Where the form will be (it needs the customer's servers), as tall as the form. */}
				{composing && <div aria-hidden="true" className="card min-h-[34.5rem] animate-pulse" />}
				{header}
				<Skeleton lines={3} label={t('panel.loading')} />
			</div>
		);
	if (loaded.state === 'error')
		return (
			<div className="flex flex-col gap-4" data-support>
				{intro}
				{header}
				<LoadError message={loaded.message} retry={load} retryLabel={t('panel.error.retry')} />
			</div>
		);
	const { tickets, services } = loaded.data;
	return (
		<div className="flex flex-col gap-4" data-support>
			{intro}
			{composing && (
				<NewTicketForm
					initial={{
						...props.prefill.values,
						serviceId: ownService(props.prefill.values.serviceId, services),
					}}
					services={services}
					locale={props.locale}
					tools={tools}
					onCancel={() => setComposing(false)}
				/>
			)}
			<section aria-labelledby={headingId} className="flex flex-col gap-4">
				{header}
				{tickets.length === 0 ? (
					<p className="card text-neutral-200" role="status" data-no-tickets>
						{t('support.none')}
					</p>
				) : (
					<TicketTable tickets={tickets} tools={tools} />
				)}
			</section>
		</div>
	);
}
