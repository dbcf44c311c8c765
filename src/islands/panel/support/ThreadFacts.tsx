import type { ReactNode } from 'react';
import type { PanelTools } from '../shared/context';
import { serviceName } from '../shared/service-name';
import { formatMoment } from '../../../lib/format-date';
import type { TicketThread } from '../../../lib/panel/support';
import { TicketBadge } from './TicketBadge';

/** A ticket's status, department, server and when it was opened, as a description list. */
export function ThreadFacts({ ticket, tools }: { ticket: TicketThread; tools: PanelTools }) {
	const { t, intl } = tools;
	const facts: [string, ReactNode][] = [
		[t('support.col.status'), <TicketBadge key="status" status={ticket.status} t={t} />],
		[t('support.col.department'), t(`support.department.${ticket.department}`)],
		[t('support.col.service'), serviceName(ticket.service, t)],
		[
			t('support.opened'),
			<time key="opened" dateTime={ticket.createdAt}>
				{formatMoment(ticket.createdAt, intl)}
			</time>,
		],
	];
	return (
		<dl className="card grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
			{facts.map(([label, value]) => (
				<div key={label} className="flex flex-col gap-1">
					<dt className="text-sm text-neutral-300">{label}</dt>
					<dd className="text-white">{value}</dd>
				</div>
			))}
		</dl>
	);
}
