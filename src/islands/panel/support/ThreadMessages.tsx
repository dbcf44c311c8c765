import type { PanelTools } from '../shared/context';
import { formatMoment } from '../../../lib/format-date';
import type { TicketMessage } from '../../../lib/panel/support';

/** Every message, oldest first; staff's are named, badged and set apart, not by colour alone. */
export function ThreadMessages({
	messages,
	tools,
}: {
	messages: TicketMessage[];
	tools: PanelTools;
}) {
	const { t, intl } = tools;
	return (
		<ol className="flex flex-col gap-3">
			{messages.map((message) => {
				const staff = message.author === 'staff';
				return (
					<li
						key={message.id}
						data-message={message.author}
						className={`card border-l-4 ${staff ? 'border-l-primary-400 sm:mr-10' : 'border-l-neutral-600 sm:ml-10'}`}
					>
						<p className="flex flex-wrap items-center gap-2 text-sm text-neutral-300">
							<span className="font-semibold text-white">
								{t(staff ? 'support.author.staff' : 'support.author.customer')}
							</span>
							{staff && (
								<span className="rounded-full bg-primary-950/60 px-2 py-0.5 text-xs text-primary-100">
									{t('support.author.staffBadge')}
								</span>
							)}
							<time dateTime={message.at}>{formatMoment(message.at, intl)}</time>
						</p>
						<p className="mt-2 whitespace-pre-wrap text-neutral-100">{message.body}</p>
					</li>
				);
			})}
		</ol>
	);
}
