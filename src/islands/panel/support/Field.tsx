import type { ReactNode } from 'react';

/** The look of every control in the support forms; a refused one gets a red border. */
export const fieldClass =
	'rounded-lg border border-neutral-600 bg-neutral-900 px-3 py-2.5 text-neutral-100 aria-[invalid=true]:border-red-400';

/** A control with its visible label above it (the control's id must be `id`). */
export function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
	return (
		<div className="flex flex-col gap-1">
			<label htmlFor={id} className="text-sm text-neutral-300">
				{label}
			</label>
			{children}
		</div>
	);
}
