import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $cartNotice } from '../../stores/cart';
import { $shownCartNotice, dismissCartNotice, showCartNotice } from '../../stores/cart-page';
import type { CartStrings } from './strings';

/** The cart's warning or error of the moment, announced to screen readers. */
export default function CartNotice({ strings: s }: { strings: CartStrings }) {
	const stored = useStore($cartNotice);
	const notice = useStore($shownCartNotice);
	useEffect(() => showCartNotice(), [stored]);
	if (!notice) return null;
	const isError = notice !== 'replaced';
	return (
		<div
			role={isError ? 'alert' : 'status'}
			className={`flex items-start justify-between gap-4 rounded-lg px-4 py-3 text-sm ${isError ? 'bg-red-950 text-red-100' : 'bg-amber-950 text-amber-100'}`}
			data-cart-notice={notice}
		>
			<p>{s[`cart.notice.${notice}`]}</p>
			<button type="button" onClick={dismissCartNotice} className="shrink-0 underline">
				{s['cart.dismiss']}
			</button>
		</div>
	);
}
