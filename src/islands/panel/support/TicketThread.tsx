import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import {
	$supportBusy,
	$supportNotice,
	$thread,
	closeTicket,
	loadThread,
	reopenTicket,
} from '../../../stores/support';
import { panelTools, type PanelProps } from '../shared/context';
import { LoadedView } from '../shared/LoadedView';
import { ReplyBox } from './ReplyBox';
import { ThreadFacts } from './ThreadFacts';
import { ThreadMessages } from './ThreadMessages';

interface Props extends PanelProps {
	ticketId: string;
}

/** /panel/support/tickets/{id}: the ticket, every message, a reply, and Close or Reopen. */
export default function TicketThread(props: Props) {
	const tools = panelTools(props);
	const { t } = tools;
	const loaded = useStore($thread);
	const notice = useStore($supportNotice);
	const busy = useStore($supportBusy);
	const messagesHeading = useId();
	const load = () => void loadThread(props.ticketId, props.locale, t('support.error.load'));
	useEffect(load, [props.ticketId]);
	return (
		<LoadedView
			loaded={loaded}
			back={{ href: '/panel/support', label: t('support.back') }}
			lines={12}
			minHeight="47rem"
			retry={load}
			tools={tools}
		>
			{(ticket) => {
				const messages = { fallback: t('panel.error.generic') };
				const closed = ticket.status === 'closed';
				return (
					<article className="flex flex-col gap-6" data-ticket-thread={ticket.id}>
						<h2 className="text-2xl font-bold break-words text-white">{ticket.subject}</h2>
						<ThreadFacts ticket={ticket} tools={tools} />
						<section aria-labelledby={messagesHeading} className="flex flex-col gap-3">
							<h3 id={messagesHeading} className="text-lg font-semibold text-white">
								{t('support.messages.heading')}
							</h3>
							<ThreadMessages messages={ticket.messages} tools={tools} />
						</section>
						<div className="min-h-6">
							{notice && (
								<p
									role={notice.kind === 'error' ? 'alert' : 'status'}
									className={notice.kind === 'error' ? 'text-red-200' : 'text-emerald-200'}
									data-support-notice={notice.kind}
								>
									{notice.text}
								</p>
							)}
						</div>
						<ReplyBox
							ticketId={ticket.id}
							status={ticket.status}
							locale={props.locale}
							tools={tools}
						/>
						<div className="border-t border-white/5 pt-4">
							<button
								type="button"
								className="btn btn-secondary"
								disabled={busy !== null}
								onClick={() =>
									void (closed
										? reopenTicket(ticket.id, props.locale, {
												...messages,
												success: t('support.notice.reopened'),
											})
										: closeTicket(ticket.id, props.locale, {
												...messages,
												success: t('support.notice.closed'),
											}))
								}
							>
								{closed ? t('support.reopen') : t('support.close')}
							</button>
						</div>
					</article>
				);
			}}
		</LoadedView>
	);
}
