import type { TicketStatus } from '../../../lib/panel/support';

const tone: Record<TicketStatus, string> = {
	open: 'bg-sky-900/60 text-sky-100 ring-sky-400/30',
	answered: 'bg-amber-900/60 text-amber-100 ring-amber-400/30',
	closed: 'bg-neutral-800 text-neutral-200 ring-white/10',
};

/** A ticket's status; its words say whose turn it is, the colour only repeats them. */
export function TicketBadge({ status, t }: { status: TicketStatus; t: (key: string) => string }) {
	return (
		<span
			data-status={status}
			className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${tone[status]}`}
		>
			{t(`support.status.${status}`)}
		</span>
	);
}
