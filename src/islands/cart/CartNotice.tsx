import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $cartNotice, dismissCartNotice, type CartNotice as Notice } from '../../stores/cart';
import type { CartStrings } from './strings';

/**
 * The cart's warning or error of the moment, announced to screen readers. Once on screen it is
 * taken out of storage, so it is shown once rather than on every later visit.
 */
export default function CartNotice({ strings: s }: { strings: CartStrings }) {
	const stored = useStore($cartNotice);
	const [notice, setNotice] = useState<Notice>(null);
	useEffect(() => {
		if (!stored) return;
		setNotice(stored);
		dismissCartNotice();
	}, [stored]);
	if (!notice) return null;
	const isError = notice !== 'replaced';
	return (
		<div
			role={isError ? 'alert' : 'status'}
			className={`flex items-start justify-between gap-4 rounded-lg px-4 py-3 text-sm ${isError ? 'bg-red-950 text-red-100' : 'bg-amber-950 text-amber-100'}`}
			data-cart-notice={notice}
		>
			<p>{s[`cart.notice.${notice}`]}</p>
			<button type="button" onClick={() => setNotice(null)} className="shrink-0 underline">
				{s['cart.dismiss']}
			</button>
		</div>
	);
}
