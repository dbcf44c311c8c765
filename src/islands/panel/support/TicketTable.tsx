import type { PanelTools } from '../shared/context';
import { serviceName } from '../shared/service-name';
import { formatMoment } from '../../../lib/format-date';
import type { TicketRow } from '../../../lib/panel/support';
import { TicketBadge } from './TicketBadge';

/** The customer's tickets, newest activity first: subject (to the thread), status, last reply. */
export function TicketTable({ tickets, tools }: { tickets: TicketRow[]; tools: PanelTools }) {
	const { t, path, intl } = tools;
	const head = 'py-2 pr-3 font-medium';
	return (
		<table className="w-full text-left text-sm" data-ticket-table>
			<caption className="sr-only">{t('support.tickets.caption')}</caption>
			<thead className="text-neutral-300">
				<tr>
					<th scope="col" className={head}>
						{t('support.col.subject')}
					</th>
					<th scope="col" className={`${head} hidden md:table-cell`}>
						{t('support.col.department')}
					</th>
					<th scope="col" className={`${head} hidden sm:table-cell`}>
						{t('support.col.service')}
					</th>
					<th scope="col" className={head}>
						{t('support.col.status')}
					</th>
					<th scope="col" className="py-2 font-medium">
						{t('support.col.lastReply')}
					</th>
				</tr>
			</thead>
			<tbody>
				{tickets.map((ticket) => (
					<tr key={ticket.id} className="border-t border-white/5" data-ticket={ticket.id}>
						<td className="py-3 pr-3">
							<a href={path(`/panel/support/tickets/${ticket.id}`)}>{ticket.subject}</a>
						</td>
						<td className="hidden py-3 pr-3 text-neutral-200 md:table-cell">
							{t(`support.department.${ticket.department}`)}
						</td>
						<td className="hidden py-3 pr-3 text-neutral-200 sm:table-cell">
							{serviceName(ticket.service, t)}
						</td>
						<td className="py-3 pr-3">
							<TicketBadge status={ticket.status} t={t} />
						</td>
						<td className="py-3 text-neutral-200">
							<time dateTime={ticket.lastReplyAt}>{formatMoment(ticket.lastReplyAt, intl)}</time>
						</td>
					</tr>
				))}
			</tbody>
		</table>
	);
}
