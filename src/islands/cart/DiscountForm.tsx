import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { fill } from '../../lib/fill';
import { $appliedDiscount, applyDiscount, removeDiscount } from '../../stores/cart-page';
import type { CartStrings } from './strings';

/** Apply or remove a discount code; the server decides what a code is worth. */
export default function DiscountForm({ strings: s }: { strings: CartStrings }) {
	const applied = useStore($appliedDiscount);
	const [code, setCode] = useState('');
	const [checking, setChecking] = useState(false);

	if (applied) {
		return (
			<div
				className="card flex flex-wrap items-center justify-between gap-3 p-4"
				data-discount-applied={applied.code}
			>
				<p className="text-emerald-200">
					{fill(s['cart.codeApplied'], {
						code: applied.code,
						// The banner's own words for what a code takes off: one phrase for both.
						offer: fill(s['promo.offer'], { percent: applied.percent }),
					})}
				</p>
				<button
					type="button"
					onClick={removeDiscount}
					className="text-sm text-primary-300 underline"
				>
					{s['cart.codeRemove']}
				</button>
			</div>
		);
	}

	const submit = async (event: { preventDefault(): void }) => {
		event.preventDefault();
		if (!code.trim()) return;
		setChecking(true);
		await applyDiscount(code);
		setChecking(false);
	};

	return (
		<form onSubmit={(e) => void submit(e)} className="card flex flex-wrap items-end gap-3 p-4">
			<label className="flex-1 text-sm font-semibold text-neutral-100">
				{s['cart.codeLabel']}
				<input
					name="code"
					value={code}
					onChange={(e) => setCode(e.target.value)}
					autoComplete="off"
					maxLength={32}
					className="mt-1 block w-full rounded-lg border border-neutral-600 bg-neutral-800 px-3 py-2 font-normal text-white uppercase"
				/>
			</label>
			<button type="submit" disabled={checking} className="btn btn-secondary">
				{checking ? s['cart.codeChecking'] : s['cart.codeApply']}
			</button>
		</form>
	);
}
