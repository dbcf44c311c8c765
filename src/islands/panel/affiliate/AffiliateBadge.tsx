import type { AffiliateCommission, AffiliatePayout } from '../../../lib/panel/affiliate';

type Status = AffiliateCommission['status'] | AffiliatePayout['status'];

const tone: Record<Status, string> = {
	pending: 'bg-amber-900/60 text-amber-100 ring-amber-400/30',
	requested: 'bg-amber-900/60 text-amber-100 ring-amber-400/30',
	available: 'bg-sky-900/60 text-sky-100 ring-sky-400/30',
	paid_out: 'bg-emerald-900/60 text-emerald-200 ring-emerald-400/30',
	paid: 'bg-emerald-900/60 text-emerald-200 ring-emerald-400/30',
	cancelled: 'bg-neutral-800 text-neutral-200 ring-white/10',
	reversal: 'bg-red-900/60 text-red-100 ring-red-400/30',
	rejected: 'bg-red-900/60 text-red-100 ring-red-400/30',
};

/** A commission's or payout's status; the words say it, the colour only repeats them. */
export function AffiliateBadge({ status, label }: { status: Status; label: string }) {
	return (
		<span
			data-status={status}
			className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${
				tone[status] ?? 'bg-neutral-800 text-neutral-200 ring-white/10'
			}`}
		>
			{label}
		</span>
	);
}
