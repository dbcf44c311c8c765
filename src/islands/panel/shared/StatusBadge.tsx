const tone: Record<string, string> = {
	paid: 'bg-emerald-900/60 text-emerald-200 ring-emerald-400/30',
	active: 'bg-emerald-900/60 text-emerald-200 ring-emerald-400/30',
	running: 'bg-emerald-900/60 text-emerald-200 ring-emerald-400/30',
	unpaid: 'bg-amber-900/60 text-amber-100 ring-amber-400/30',
	starting: 'bg-amber-900/60 text-amber-100 ring-amber-400/30',
	stopping: 'bg-amber-900/60 text-amber-100 ring-amber-400/30',
	installing: 'bg-amber-900/60 text-amber-100 ring-amber-400/30',
	provisioning: 'bg-amber-900/60 text-amber-100 ring-amber-400/30',
	pending_payment: 'bg-amber-900/60 text-amber-100 ring-amber-400/30',
	overdue: 'bg-red-900/60 text-red-100 ring-red-400/30',
	// A pause the customer chose and paid for: neutral, never the red of a suspension for debt.
	paused: 'bg-slate-800 text-slate-100 ring-slate-300/30',
	suspended: 'bg-red-900/60 text-red-100 ring-red-400/30',
	install_failed: 'bg-red-900/60 text-red-100 ring-red-400/30',
	// The affiliate programme's commissions and payouts.
	pending: 'bg-amber-900/60 text-amber-100 ring-amber-400/30',
	requested: 'bg-amber-900/60 text-amber-100 ring-amber-400/30',
	available: 'bg-sky-900/60 text-sky-100 ring-sky-400/30',
	paid_out: 'bg-emerald-900/60 text-emerald-200 ring-emerald-400/30',
	reversal: 'bg-red-900/60 text-red-100 ring-red-400/30',
	rejected: 'bg-red-900/60 text-red-100 ring-red-400/30',
};

/** A status as a coloured label; the colour only repeats what the text says. */
export function StatusBadge({ status, label }: { status: string; label: string }) {
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
